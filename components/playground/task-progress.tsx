/**
 * A playground call that runs as a task (issue 50; lib/server/playground/task-run.ts): its id, its
 * status now, and each status and message the polls saw, with when. While the call runs it reads
 * the session's live state (an aria-live region around it says the changes); once it ended, the
 * call result's. The server's words are drawn as text (VisibleText).
 */
import type { PlaygroundTask } from '@/lib/core/tasks/task-flow';
import { formatDuration } from '@/components/ui/display-format';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

const ERA_TEXT: Record<PlaygroundTask['era'], string> = {
  legacy: 'a 2025-11-25 task (params.task, tasks/get, tasks/result)',
  modern: 'a task of the io.modelcontextprotocol/tasks extension (tasks/get)',
};

export function TaskProgress({ task, running }: { task: PlaygroundTask; running: boolean }) {
  return (
    <section data-testid="playground-task" data-status={task.status} className="space-y-1 text-sm">
      <p className="font-semibold">
        {running ? 'Running as a task' : 'Ran as a task'}: <span data-testid="task-status">{task.status}</span>
        {task.statusMessage === null ? null : (
          <>
            {' '}
            (<VisibleText text={task.statusMessage} />)
          </>
        )}
      </p>
      <p className={`text-xs ${MUTED}`}>
        Task{' '}
        <code className="font-mono break-all">
          <VisibleText text={task.taskId} />
        </code>
        , {ERA_TEXT[task.era]}; {task.polls} poll{task.polls === 1 ? '' : 's'}.
      </p>
      <ol data-testid="task-updates" className="list-decimal space-y-0.5 pl-5 text-xs">
        {task.updates.map((update) => (
          <li key={`${update.atMs}-${update.status}-${update.statusMessage ?? ''}`}>
            {formatDuration(update.atMs)}: {update.status}
            {update.statusMessage === null ? null : (
              <>
                {' '}
                <VisibleText text={update.statusMessage} />
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
