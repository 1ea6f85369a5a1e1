'use client';
/**
 * The server's requests waiting for the user while a call is in flight (issue 37). Elicitation: its
 * message and a form drawn from its requestedSchema (schema-fields.ts), then Accept, Decline or
 * Cancel. Sampling: the messages it asked, as text, and the user's own answer, sent back as the
 * model's reply (never to a model), or Decline. Each request's heading takes focus when it shows.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { isRecord } from '@/lib/core/is-record';
import { PLAYGROUND_LIMITS } from '@/lib/core/playground/limits';
import type { PlaygroundAnswer, PlaygroundPending } from '@/lib/core/playground/schema';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { BUTTON, INPUT, LabelledField, MUTED, PRE } from '@/components/ui/styles';
import { prettyJson, VisibleText } from '@/components/ui/visible-text';
import { SchemaForm } from './schema-form';
import { fieldsToFix, initialValues, readForm, schemaFields, type FormValues } from './schema-fields';

type Content = NonNullable<Extract<PlaygroundAnswer, { method: 'elicitation/create' }>['content']>;
type OnAnswer = (answer: PlaygroundAnswer) => void;

function useFocusOnShow() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** The form's values as an elicitation's content: only the primitive values the protocol allows. */
function asContent(values: Record<string, unknown>): Content {
  const content: Content = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') content[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) content[key] = value;
  }
  return content;
}

// Long because: one form: the request's message, its fields, the error alert and three answers.
function ElicitationRequest({ pending, onAnswer }: { pending: PlaygroundPending; onAnswer: OnAnswer }) {
  const id = useId();
  const headingRef = useFocusOnShow();
  const params = isRecord(pending.params) ? pending.params : {};
  const fields = schemaFields(params.requestedSchema);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const reply = (action: 'accept' | 'decline' | 'cancel'): void => {
    const base = { requestId: pending.requestId, method: 'elicitation/create' as const };
    if (action !== 'accept') {
      onAnswer({ ...base, action });
      return;
    }
    const read = readForm(fields, values);
    if (!read.ok) {
      setErrors(read.errors);
      const bad = fieldsToFix(fields, read.errors);
      setProblem(`Fix ${bad.fields.map((f) => f.label).join(', ')} first.`);
      document.getElementById(`${id}-f-${String(bad.focus)}`)?.focus();
      return;
    }
    onAnswer({ ...base, action, content: asContent(read.values) });
  };
  return (
    <form
      data-testid="pending-elicitation"
      aria-labelledby={`${id}-title`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        reply('accept');
      }}
    >
      <h4 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
        The server asks you for information (elicitation)
      </h4>
      {typeof params.message === 'string' ? (
        <p data-testid="pending-message" className="text-sm whitespace-pre-line">
          <VisibleText text={params.message} />
        </p>
      ) : null}
      <SchemaForm
        idPrefix={`${id}-f`}
        fields={fields}
        values={values}
        errors={errors}
        onChange={(name, value) => {
          setValues({ ...values, [name]: value });
        }}
      />
      <div role="alert" className="text-sm text-rose-700 dark:text-rose-300">
        {problem}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" data-testid="elicitation-accept" className={BUTTON.primary}>
          Accept
        </button>
        <button
          type="button"
          data-testid="elicitation-decline"
          onClick={() => {
            reply('decline');
          }}
          className={BUTTON.secondary}
        >
          Decline
        </button>
        <button
          type="button"
          data-testid="elicitation-cancel"
          onClick={() => {
            reply('cancel');
          }}
          className={BUTTON.secondary}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A sampling message's content as text: its text, else its JSON. */
function messageText(content: unknown): string {
  if (isRecord(content) && content.type === 'text' && typeof content.text === 'string') return content.text;
  if (Array.isArray(content)) return content.map(messageText).join('\n');
  return prettyJson(content);
}

// Long because: one form: the system prompt, each message asked, the answer field and two answers.
function SamplingRequest({ pending, onAnswer }: { pending: PlaygroundPending; onAnswer: OnAnswer }) {
  const id = useId();
  const headingRef = useFocusOnShow();
  const params = isRecord(pending.params) ? pending.params : {};
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const [text, setText] = useState('');
  const base = { requestId: pending.requestId, method: 'sampling/createMessage' as const };
  return (
    <form
      data-testid="pending-sampling"
      aria-labelledby={`${id}-title`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        onAnswer({ ...base, action: 'accept', text });
      }}
    >
      <h4 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
        The server asks for a model&apos;s answer (sampling)
      </h4>
      {typeof params.systemPrompt === 'string' ? (
        <p className="text-sm">
          <span className="font-medium">System prompt:</span> <VisibleText text={params.systemPrompt} />
        </p>
      ) : null}
      <ol data-testid="sampling-messages" className="space-y-1">
        {messages.map((message, i) => {
          const record = isRecord(message) ? message : {};
          return (
            // Messages are a fixed list in the request's order.
            <li key={i} className="text-sm">
              <span className="font-medium">
                {typeof record.role === 'string' ? <VisibleText text={record.role} controls /> : '?'}:
              </span>
              <ScrollRegion
                as="pre"
                label={`Message ${String(i + 1)}`}
                className={`${PRE} mt-1 max-h-48 whitespace-pre-wrap break-words`}
              >
                <VisibleText text={messageText(record.content)} />
              </ScrollRegion>
            </li>
          );
        })}
      </ol>
      {typeof params.maxTokens === 'number' ? (
        <p className={`text-xs ${MUTED}`}>It asks for at most {params.maxTokens} tokens.</p>
      ) : null}
      <LabelledField id={`${id}-answer`} label="Your answer (sent back as the model's reply; never sent to a model)">
        <textarea
          id={`${id}-answer`}
          data-testid="sampling-answer"
          value={text}
          rows={3}
          onChange={(event) => {
            setText(event.target.value);
          }}
          className={INPUT}
        />
      </LabelledField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" data-testid="sampling-send" className={BUTTON.primary}>
          Send
        </button>
        <button
          type="button"
          data-testid="sampling-decline"
          onClick={() => {
            onAnswer({ ...base, action: 'decline' });
          }}
          className={BUTTON.secondary}
        >
          Decline
        </button>
      </div>
    </form>
  );
}

export function PendingRequests({
  pending,
  count,
  problem,
  onAnswer,
}: {
  pending: readonly PlaygroundPending[];
  /** How many wait in all (the page shows the oldest). */
  count: number;
  problem: string | null;
  onAnswer: OnAnswer;
}) {
  if (pending.length === 0 && problem === null) return null;
  const more = count - pending.length;
  return (
    <div data-testid="pending-requests" className="space-y-3">
      {more > 0 ? (
        <p data-testid="pending-more" className="text-sm font-medium text-amber-900 dark:text-amber-200">
          {count} requests wait; the oldest {pending.length} are shown. Answer them to see the next (the server gets an
          error for each past {PLAYGROUND_LIMITS.maxPending}).
        </p>
      ) : null}
      {pending.map((request) => (
        <div
          key={request.requestId}
          data-testid="pending-request"
          data-method={request.method}
          className="rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:ring-amber-800"
        >
          {request.method === 'elicitation/create' ? (
            <ElicitationRequest pending={request} onAnswer={onAnswer} />
          ) : (
            <SamplingRequest pending={request} onAnswer={onAnswer} />
          )}
        </div>
      ))}
      {problem === null ? null : (
        <p role="alert" data-testid="pending-problem" className="text-sm text-rose-800 dark:text-rose-300">
          <VisibleText text={problem} />
        </p>
      )}
    </div>
  );
}
