/** The answer of a sign-in rule: a value, or the reason there is none (shown to the user as is). */
export type Choice<T> = { ok: true; value: T } | { ok: false; reason: string };
