/** A Problem as the dashboard shows it: the one Problem type, plus the form field it is about (aria-invalid). */
import type { Problem } from '@/lib/core/problems';

export type UiProblem = Problem & { field?: 'command' | 'cwd' | 'env' | 'url' | 'headers' };
