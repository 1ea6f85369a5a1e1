/**
 * The exercise's host folder: one small temporary folder that never holds what the server writes
 * (that lives in the sandbox's own tmpfs): the trace strace writes, the seccomp program, the
 * information bubblewrap reports (its child's PID and namespaces), and the files planted into the
 * sandbox before the server starts: canaries (~/.ssh/id_ed25519, ~/.aws/credentials, ./.env), each
 * with a unique marker and no real secret, a sample file for path arguments, and a symlink in the
 * working folder pointing at the SSH canary (lib/core/exercise/traversal.ts: a tool that follows it
 * out of its folder reads the canary). Removed when the exercise ends, however it ends: the caller's
 * finally, a synchronous hook at process exit, and, when this process is killed where no hook runs,
 * its guard (scratch-guard.ts); folders a killed run still left are swept at the next start
 * (scratch-sweep.ts, issue 48).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SandboxLayout } from '../../core/exercise/paths';
import { TRAVERSAL_CANARY, TRAVERSAL_LINK_NAME, type TraversalTargets } from '../../core/exercise/traversal';
import { seccompArch, seccompBytes, type RefusalBy } from '../../core/exercise/seccomp';
import { SANDBOX_HOME, SANDBOX_SHM, SANDBOX_TMP, SANDBOX_WORK } from './sandbox-flags';
import type { PlantedFile } from './sandbox';
import { SCRATCH_PREFIX } from '../../core/exercise/scratch-owner';
import { guardFolder } from './scratch-guard';
import { recordOwner, sweepLeftFolders } from './scratch-sweep';

export const SAMPLE_FILE = 'hintcheck-sample.txt';
export const NEW_FILE = 'hintcheck-new.txt';

/**
 * The sandbox's resolver: its own loopback, where nothing answers, so a lookup fails at once (the
 * port is closed) after its query was sent and traced, naming the host (core/exercise/dns-query.ts).
 */
export const SANDBOX_RESOLV_CONF = 'nameserver 127.0.0.1\noptions attempts:1 timeout:1\n';

export interface SandboxFolders {
  root: string;
  tracePath: string;
  seccompPath: string;
  infoPath: string;
  /** The resolv.conf bound over the sandbox's (sandbox.ts): lookups go to its own loopback. */
  resolvPath: string;
  folders: { sandboxPath: string; mode: number }[];
  planted: PlantedFile[];
  /** Symlinks planted in the working folder: the traversal check's link to the SSH canary. */
  links: { target: string; sandboxPath: string }[];
  layout: SandboxLayout;
}

/** The SSH canary and the symlink to it that traversal calls aim at (lib/core/exercise/traversal.ts). */
export const TRAVERSAL_TARGETS: TraversalTargets = {
  work: SANDBOX_WORK,
  canary: `${SANDBOX_HOME}/${TRAVERSAL_CANARY}`,
  link: `${SANDBOX_WORK}/${TRAVERSAL_LINK_NAME}`,
};

const CANARIES: readonly { file: string; text: (marker: string) => string }[] = [
  {
    file: `${SANDBOX_HOME}/.ssh/id_ed25519`,
    text: (m) =>
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${m} (a canary planted by mcp-hintcheck, not a key)\n-----END OPENSSH PRIVATE KEY-----\n`,
  },
  {
    file: `${SANDBOX_HOME}/.aws/credentials`,
    text: (m) => `[default]\naws_access_key_id = ${m}\naws_secret_access_key = ${m}\n`,
  },
  { file: `${SANDBOX_WORK}/.env`, text: (m) => `API_KEY=${m}\n` },
];

const SAMPLE_TEXT = 'A sample file planted by mcp-hintcheck for tools that read a path.\n';

/** Roots made and not yet removed, with the end of their guards: removed at process exit if still there. */
const live = new Map<string, () => void>();
let exitHookInstalled = false;

function forget(root: string): void {
  live.get(root)?.();
  live.delete(root);
}

function removeNow(root: string): void {
  try {
    rmSync(root, { recursive: true, force: true, maxRetries: 2 });
    forget(root);
  } catch {
    // The next exit hook tries again; the guard stays.
  }
}

function track(root: string): void {
  live.set(root, guardFolder(root));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const folder of [...live.keys()]) removeNow(folder);
  });
}

/** The folders of one sandbox; `refusal` is how its seccomp filter refuses (seccomp.ts): "tracer" for a traced run. */
export async function makeSandboxFolders(refusal: RefusalBy = 'errno'): Promise<SandboxFolders> {
  const arch = seccompArch(process.arch);
  if (arch === null) throw new Error(`no seccomp filter for ${process.arch}`);
  await sweepLeftFolders(tmpdir());
  const root = await mkdtemp(path.join(tmpdir(), SCRATCH_PREFIX));
  track(root);
  try {
    await recordOwner(root);
    return await plantFolders(root, seccompBytes(arch, refusal));
  } catch (error) {
    removeNow(root);
    throw error;
  }
}

async function plantFolders(root: string, seccomp: Uint8Array): Promise<SandboxFolders> {
  const seeds = path.join(root, 'seeds');
  await mkdir(seeds, { mode: 0o700 });
  const planted: PlantedFile[] = [];
  for (const [index, canary] of CANARIES.entries()) {
    const marker = `HINTCHECK-CANARY-${randomBytes(12).toString('hex')}`;
    const host = path.join(seeds, `canary-${index}`);
    await writeFile(host, canary.text(marker), { mode: 0o600 });
    planted.push({ host, sandboxPath: canary.file, mode: 0o600 });
  }
  const sample = `${SANDBOX_WORK}/${SAMPLE_FILE}`;
  await writeFile(path.join(seeds, 'sample'), SAMPLE_TEXT, { mode: 0o600 });
  planted.push({ host: path.join(seeds, 'sample'), sandboxPath: sample, mode: 0o644 });
  const seccompPath = path.join(root, 'seccomp.bpf');
  await writeFile(seccompPath, seccomp, { mode: 0o600 });
  const resolvPath = path.join(root, 'resolv.conf');
  await writeFile(resolvPath, SANDBOX_RESOLV_CONF, { mode: 0o600 });
  const canaries = CANARIES.map((canary) => canary.file);
  return {
    root,
    tracePath: path.join(root, 'trace.log'),
    seccompPath,
    infoPath: path.join(root, 'sandbox-info.json'),
    resolvPath,
    folders: [
      { sandboxPath: SANDBOX_HOME, mode: 0o755 },
      { sandboxPath: SANDBOX_WORK, mode: 0o755 },
      { sandboxPath: `${SANDBOX_HOME}/.ssh`, mode: 0o700 },
      { sandboxPath: `${SANDBOX_HOME}/.aws`, mode: 0o700 },
    ],
    planted,
    links: [{ target: TRAVERSAL_TARGETS.canary, sandboxPath: TRAVERSAL_TARGETS.link }],
    layout: {
      home: SANDBOX_HOME,
      work: SANDBOX_WORK,
      tmp: SANDBOX_TMP,
      shm: SANDBOX_SHM,
      canaries,
      planted: [
        ...canaries,
        sample,
        TRAVERSAL_TARGETS.link,
        `${SANDBOX_HOME}/.ssh`,
        `${SANDBOX_HOME}/.aws`,
        SANDBOX_HOME,
        SANDBOX_WORK,
      ],
    },
  };
}

/** Removes the host folder once the server is gone. */
export async function removeSandboxFolders(folders: Pick<SandboxFolders, 'root'>): Promise<void> {
  const removed = await rm(folders.root, { recursive: true, force: true, maxRetries: 2 }).then(
    () => true,
    () => false,
  );
  if (removed) forget(folders.root);
  else removeNow(folders.root);
}
