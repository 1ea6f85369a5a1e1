export function splitCommandLine(text: string): string[];
export function sarifCounts(log: unknown): { results: number; high: number; medium: number; low: number };
