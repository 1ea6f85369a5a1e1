/**
 * A listing inside the exercise's sandbox (audit --sandbox; issue 33): the server is started the way
 * the exercise starts it (no network, HOME and the caller's folders hidden, capabilities dropped,
 * the seccomp filter, size limits), so that checking a server before trusting it never runs it on
 * the host. The launch is handed to the audit like any stdio launch; `dispose` removes the host
 * folder once the server is gone. A server that needs the network to start fails here: the error
 * then names --no-sandbox.
 */
import type { AuditTargetSpec } from '../target-spec';
import { prepareStdio, type StdioLaunch } from '../mcp/stdio-launch';
import { makeSandboxFolders, removeSandboxFolders } from './folders';
import { checkSandbox } from './sandbox';
import { launchInSandbox } from './sandbox-launch';
import { hostFolderText } from '../../core/exercise/host-folders';

export interface SandboxedLaunch extends StdioLaunch {
  /** The sandbox used, for the report ("bubblewrap 0.8.0, network off"). */
  sandbox: string;
  /** Ends the server if still running and removes the sandbox's host folder. */
  dispose: () => Promise<void>;
}

export async function prepareSandboxedStdio(
  spec: Extract<AuditTargetSpec, { transport: 'stdio' }>,
  callerEnv: Readonly<Record<string, string | undefined>>,
  maxBytes: number,
): Promise<SandboxedLaunch> {
  const tools = await checkSandbox(callerEnv.PATH);
  const plain = prepareStdio(spec, callerEnv, maxBytes);
  const folders = await makeSandboxFolders();
  try {
    // The host folder goes as soon as the listing's server has ended, not at the CLI's exit.
    const launch = launchInSandbox(spec, tools, folders, {
      callerEnv,
      maxMessageBytes: maxBytes,
      redactor: plain.redactor,
      onFinished: () => void removeSandboxFolders(folders),
      trace: false,
    });
    const started = launch.transport.start();
    // The descriptors are bubblewrap's once it is spawned (or failed to be).
    void started.then(launch.release, launch.release);
    return {
      ...plain,
      transport: launch.transport,
      sandbox: [`${tools.bwrapVersion}, network off`, ...launch.hostFolders.map(hostFolderText)].join('; '),
      dispose: async () => {
        launch.release();
        await launch.transport.close();
        await removeSandboxFolders(folders);
      },
    };
  } catch (error) {
    await removeSandboxFolders(folders);
    throw error;
  }
}
