/**
 * The encoding every token estimate uses (lib/core/token-cost.ts counts with it), named wherever a
 * figure is shown. Its own module: naming it must not load the tokenizer (a 2 MB rank table) into
 * the page or the CLI's start.
 */
export const TOKEN_ENCODING = 'o200k_base';
