/** The CLI's exit codes, shared by every command. */
export const EXIT = { ok: 0, auditFailed: 1, usage: 2, unreachable: 3, failOn: 4 } as const;
