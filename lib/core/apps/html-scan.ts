/**
 * What an MCP App's HTML loads and where it sends data, read from its source without running it
 * (html-tokens.ts): script sources, nested frames, fetch / XMLHttpRequest / WebSocket / EventSource /
 * sendBeacon targets written as string literals, form targets, inline event handlers, `<base href>`
 * and `<meta http-equiv="refresh">` redirects, and the tools its script calls by name
 * (`callServerTool({ name: "…" })`, the ext-apps App API). A URL built at run time is invisible to this
 * reading: the scan lists what the source states, never what the page may do.
 */
import { attribute, htmlTags, type Tag } from './html-tokens';

export type ConnectKind = 'fetch' | 'xhr' | 'websocket' | 'eventsource' | 'beacon';

export interface HtmlScan {
  /** External scripts (`<script src>`), in order. */
  scripts: string[];
  /** Inline script elements (without src). */
  inlineScripts: number;
  /** Nested frames (`<iframe src>`, `<frame src>`, `<object data>`, `<embed src>`). */
  frames: string[];
  connects: { kind: ConnectKind; url: string }[];
  forms: { action: string; method: string }[];
  /** Inline event handler attributes: `element onclick`. */
  handlers: string[];
  redirects: { kind: 'base' | 'meta-refresh'; url: string }[];
  /** Tools the page's script calls by name. */
  toolCalls: string[];
}

const LITERAL = String.raw`\s*(?:"([^"\n]*)"|'([^'\n]*)'|\x60([^\x60$\n]*)\x60)`;
const CONNECT_PATTERNS: [ConnectKind, RegExp][] = [
  ['fetch', new RegExp(String.raw`\bfetch\s*\(${LITERAL}`, 'g')],
  ['xhr', new RegExp(String.raw`\.open\s*\(\s*["'][A-Za-z]+["']\s*,${LITERAL}`, 'g')],
  ['websocket', new RegExp(String.raw`\bnew\s+WebSocket\s*\(${LITERAL}`, 'g')],
  ['eventsource', new RegExp(String.raw`\bnew\s+EventSource\s*\(${LITERAL}`, 'g')],
  ['beacon', new RegExp(String.raw`\bsendBeacon\s*\(${LITERAL}`, 'g')],
];
const TOOL_CALL = /\bcallServerTool\s*\(\s*\{[^}]*?\bname\s*:\s*["'`]([^"'`\n]+)["'`]/g;

const literalOf = (found: RegExpExecArray): string => found[1] ?? found[2] ?? found[3] ?? '';

function scanScript(text: string, scan: HtmlScan): void {
  for (const [kind, pattern] of CONNECT_PATTERNS) {
    for (const found of text.matchAll(pattern)) scan.connects.push({ kind, url: literalOf(found) });
  }
  for (const found of text.matchAll(TOOL_CALL)) if (found[1] !== undefined) scan.toolCalls.push(found[1]);
}

/** `0; url=https://…` → the URL, or null when the refresh reloads the page itself. */
export function refreshTarget(content: string): string | null {
  const found = /url\s*=\s*['"]?([^'"]+)['"]?/i.exec(content);
  return found?.[1]?.trim() ?? null;
}

function scanTag(tag: Tag, scan: HtmlScan): void {
  for (const { name } of tag.attributes) if (/^on[a-z]+$/.test(name)) scan.handlers.push(`${tag.name} ${name}`);
  for (const { name, value } of tag.attributes) if (/^on[a-z]+$/.test(name)) scanScript(value, scan);
  const src = attribute(tag, 'src');
  switch (tag.name) {
    case 'script':
      if (src !== null) scan.scripts.push(src);
      else {
        scan.inlineScripts++;
        scanScript(tag.text ?? '', scan);
      }
      break;
    case 'iframe':
    case 'frame':
    case 'embed':
      if (src !== null) scan.frames.push(src);
      break;
    case 'object': {
      const data = attribute(tag, 'data');
      if (data !== null) scan.frames.push(data);
      break;
    }
    case 'form':
      scan.forms.push({
        action: attribute(tag, 'action') ?? '',
        method: (attribute(tag, 'method') ?? 'get').toLowerCase(),
      });
      break;
    case 'base': {
      const href = attribute(tag, 'href');
      if (href !== null) scan.redirects.push({ kind: 'base', url: href });
      break;
    }
    case 'meta': {
      if ((attribute(tag, 'http-equiv') ?? '').toLowerCase() !== 'refresh') break;
      const target = refreshTarget(attribute(tag, 'content') ?? '');
      if (target !== null) scan.redirects.push({ kind: 'meta-refresh', url: target });
      break;
    }
    default:
      break;
  }
  const formAction = attribute(tag, 'formaction');
  if (formAction !== null) scan.forms.push({ action: formAction, method: 'post' });
}

export function scanHtml(source: string): HtmlScan {
  const scan: HtmlScan = {
    scripts: [],
    inlineScripts: 0,
    frames: [],
    connects: [],
    forms: [],
    handlers: [],
    redirects: [],
    toolCalls: [],
  };
  for (const tag of htmlTags(source)) scanTag(tag, scan);
  scan.toolCalls = [...new Set(scan.toolCalls)];
  return scan;
}
