'use client';
/**
 * The playground's Resources tab: every listed resource with Read, and every resource template with
 * a field per variable; the URI it makes (uri-template.ts: values percent-encoded) is shown before
 * Read; a variable gets the server's suggestions when it declares completions, a resource Subscribe
 * when it declares subscriptions (the updates counted as they come). A template with expressions this page cannot expand says so; its URI can be edited by hand.
 */
import { useId, useState } from 'react';
import type { PlaygroundCallRequest, PlaygroundSurface } from '@/lib/core/playground/schema';
import { BUTTON, H3, INPUT, LABEL, LabelledField, MUTED } from '@/components/ui/styles';
import { markedText, VisibleText } from '@/components/ui/visible-text';
import type { PlaygroundSubscription } from '@/lib/core/playground/conveniences';
import { CompletionList, type Completer } from './completion-list';
import { expandUriTemplate, parseUriTemplate } from './uri-template';

type Resource = PlaygroundSurface['resources'][number];
type Template = PlaygroundSurface['resourceTemplates'][number];

// Long because: one template's markup: its name, a labelled field per variable, the unsupported note, the URI and Read.
function TemplateRow({
  template,
  index,
  busy,
  onRead,
  complete,
}: {
  template: Template;
  index: number;
  busy: boolean;
  onRead: (uri: string) => void;
  complete: Completer | undefined;
}) {
  const id = useId();
  const parsed = parseUriTemplate(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
  const [edited, setEdited] = useState<string | null>(null);
  const uri = edited ?? expandUriTemplate(template.uriTemplate, values);
  return (
    <li
      data-testid="playground-template"
      data-index={index}
      className="space-y-2 rounded-md p-3 ring-1 ring-slate-200 ring-inset dark:ring-slate-700"
    >
      <p className="text-sm font-medium">
        <VisibleText text={template.name} controls />{' '}
        <code className={`font-mono text-xs font-normal break-all ${MUTED}`}>
          <VisibleText text={template.uriTemplate} controls />
        </code>
      </p>
      {template.description !== undefined ? (
        <p className={`text-xs ${MUTED}`}>
          <VisibleText text={template.description} />
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {parsed.variables.map((name, i) => (
          <div key={name}>
            <label htmlFor={`${id}-${String(i)}`} className={LABEL}>
              <VisibleText text={name} controls />
            </label>
            <input
              id={`${id}-${String(i)}`}
              data-testid={`template-var-${name}`}
              value={values[name] ?? ''}
              autoComplete="off"
              onChange={(event) => {
                setEdited(null);
                setValues({ ...values, [name]: event.target.value });
              }}
              className={INPUT}
            />
            {complete === undefined ? null : (
              <CompletionList
                complete={complete}
                label={name}
                request={{
                  ref: { type: 'ref/resource', uri: template.uriTemplate },
                  argument: { name, value: values[name] ?? '' },
                  context: {
                    arguments: Object.fromEntries(Object.entries(values).filter(([other]) => other !== name)),
                  },
                }}
                onPick={(picked) => {
                  setEdited(null);
                  setValues({ ...values, [name]: picked });
                }}
              />
            )}
          </div>
        ))}
      </div>
      {parsed.unsupported.length > 0 ? (
        <p className="text-xs text-amber-900 dark:text-amber-200">
          Not expanded here (only simple {'{name}'} expressions are):{' '}
          <VisibleText text={parsed.unsupported.join(' ')} controls />. Edit the URI below.
        </p>
      ) : null}
      <LabelledField id={`${id}-uri`} label="URI to read">
        <input
          id={`${id}-uri`}
          data-testid="template-uri"
          value={uri}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setEdited(event.target.value);
          }}
          className={`${INPUT} font-mono text-xs`}
        />
      </LabelledField>
      <button
        type="button"
        data-testid="template-read"
        disabled={busy || uri === ''}
        onClick={() => {
          onRead(uri);
        }}
        className={BUTTON.secondary}
      >
        Read
      </button>
    </li>
  );
}

/** Subscribe or Unsubscribe, and the updates the server sent since (issue 49). */
function SubscribeControl({
  resource,
  subscription,
  onSubscribe,
}: {
  resource: Resource;
  subscription: PlaygroundSubscription | undefined;
  onSubscribe: (uri: string, on: boolean) => void;
}) {
  const name = markedText(resource.name);
  return (
    <>
      {subscription === undefined ? null : (
        <span data-testid="subscription-updates" role="status" className="text-xs">
          {subscription.updates === 0
            ? 'Subscribed, no update yet'
            : `${String(subscription.updates)} update${subscription.updates === 1 ? '' : 's'}, the last at +${String(
                Math.round((subscription.lastUpdateMs ?? 0) / 100) / 10,
              )} s`}
        </span>
      )}
      <button
        type="button"
        data-testid={subscription === undefined ? 'resource-subscribe' : 'resource-unsubscribe'}
        aria-label={`${subscription === undefined ? 'Subscribe to' : 'Unsubscribe from'} ${name}`}
        onClick={() => {
          onSubscribe(resource.uri, subscription === undefined);
        }}
        className={BUTTON.secondary}
      >
        {subscription === undefined ? 'Subscribe' : 'Unsubscribe'}
      </button>
    </>
  );
}

// Long because: the resources with Read and Subscribe, then the templates, each section headed.
export function ResourcesTab({
  resources,
  templates,
  busy,
  onCall,
  complete,
  subscriptions,
  onSubscribe,
  subscribeProblem,
}: {
  resources: readonly Resource[];
  templates: readonly Template[];
  busy: boolean;
  onCall: (request: PlaygroundCallRequest) => void;
  /** Present when the server declares completions: template variables get suggestions. */
  complete?: Completer | undefined;
  subscriptions: readonly PlaygroundSubscription[];
  /** Present when the server declares resource subscriptions. */
  onSubscribe?: ((uri: string, on: boolean) => void) | undefined;
  subscribeProblem: string | null;
}) {
  const read = (uri: string): void => {
    onCall({ method: 'resources/read', uri });
  };
  if (resources.length === 0 && templates.length === 0)
    return <p className={MUTED}>The server lists no resources and no resource templates.</p>;
  return (
    <div className="space-y-4">
      <section aria-labelledby="playground-resources-heading" className="space-y-2">
        <h4 id="playground-resources-heading" className={H3}>
          Resources ({resources.length})
        </h4>
        {resources.length === 0 ? <p className={`text-sm ${MUTED}`}>None listed.</p> : null}
        <div role="alert" data-testid="subscribe-problem" className="text-sm text-rose-700 dark:text-rose-300">
          {subscribeProblem}
        </div>
        <ul className="space-y-1">
          {resources.map((resource) => (
            <li
              key={resource.uri}
              data-testid="playground-resource"
              className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 ring-1 ring-slate-200 ring-inset dark:ring-slate-700"
            >
              <span className="min-w-0 text-sm">
                <VisibleText text={resource.name} controls />{' '}
                <code className={`font-mono text-xs break-all ${MUTED}`}>
                  <VisibleText text={resource.uri} controls />
                </code>
                {resource.mimeType === undefined ? null : (
                  <span className={`text-xs ${MUTED}`}> · {resource.mimeType}</span>
                )}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {onSubscribe === undefined ? null : (
                  <SubscribeControl
                    resource={resource}
                    subscription={subscriptions.find((s) => s.uri === resource.uri)}
                    onSubscribe={onSubscribe}
                  />
                )}
                <button
                  type="button"
                  data-testid="resource-read"
                  disabled={busy}
                  aria-label={`Read ${markedText(resource.name)}`}
                  onClick={() => {
                    read(resource.uri);
                  }}
                  className={BUTTON.secondary}
                >
                  Read
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="playground-templates-heading" className="space-y-2">
        <h4 id="playground-templates-heading" className={H3}>
          Resource templates ({templates.length})
        </h4>
        {templates.length === 0 ? <p className={`text-sm ${MUTED}`}>None listed.</p> : null}
        <ul className="space-y-2">
          {templates.map((template, index) => (
            <TemplateRow
              key={template.uriTemplate}
              template={template}
              index={index}
              busy={busy}
              onRead={read}
              complete={complete}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
