/**
 * A result as blocks a page or a terminal can show without acting on any of them (issue 37): text
 * with every invisible character marked, images kept as data only for raster types a browser shows
 * inert (PNG, JPEG, GIF, WebP; never SVG, which can hold script), resource links as their URI and name
 * (never followed), embedded resources with their text, anything else as JSON. Read from a tools/call
 * result's `content`, a resources/read result's `contents` and a prompts/get result's `messages`
 * (MCP specification: Tools "Tool Result", Resources "Reading Resources", Prompts "Getting a Prompt").
 */
import { markInvisibleCharacters } from '../hidden-characters';
import { isRecord } from '../is-record';
import { IMAGE_PIXEL_BUDGET, imagePixelSize, type PixelSize } from './image-size';

export type ResultMethod = 'tools/call' | 'resources/read' | 'prompts/get';

/** Image types shown as images; anything else is described, never rendered. */
export const INERT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** Above this many base64 characters an image is described, not kept. */
const IMAGE_DATA_LIMIT = 2_000_000;
const JSON_LIMIT = 4000;

export type ResultBlock =
  | { kind: 'text'; where: string; text: string; marked: string }
  | {
      kind: 'image' | 'audio';
      where: string;
      mimeType: string;
      bytes: number;
      /** Kept only for an inert raster type whose header reads and whose size is within IMAGE_PIXEL_BUDGET. */
      data: string | null;
      /** An image's dimensions as its header declares them (null: audio, or a header that does not read). */
      pixels: PixelSize | null;
    }
  | {
      kind: 'resource-link';
      where: string;
      uri: string;
      name: string | null;
      description: string | null;
      mimeType: string | null;
    }
  | {
      kind: 'resource';
      where: string;
      uri: string;
      mimeType: string | null;
      text: string | null;
      marked: string | null;
      blobBytes: number | null;
    }
  | { kind: 'other'; where: string; type: string; json: string };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const base64Bytes = (data: string): number => Math.floor((data.replace(/=+$/, '').length * 3) / 4);

function resourceBlock(where: string, resource: Record<string, unknown>): ResultBlock {
  const text = str(resource.text);
  const blob = str(resource.blob);
  return {
    kind: 'resource',
    where,
    uri: str(resource.uri) ?? '',
    mimeType: str(resource.mimeType),
    text,
    marked: text === null ? null : markInvisibleCharacters(text),
    blobBytes: blob === null ? null : base64Bytes(blob),
  };
}

function otherBlock(where: string, value: unknown): ResultBlock {
  const json: string = value === undefined ? 'undefined' : JSON.stringify(value);
  const type = isRecord(value) && typeof value.type === 'string' ? value.type : typeof value;
  return { kind: 'other', where, type, json: json.length > JSON_LIMIT ? `${json.slice(0, JSON_LIMIT)}…` : json };
}

/** One content block (tools/call content, a prompt message's content) as a safe block. */
export function contentBlock(where: string, value: unknown): ResultBlock {
  if (!isRecord(value)) return otherBlock(where, value);
  const type = value.type;
  if (type === 'text' && typeof value.text === 'string')
    return { kind: 'text', where, text: value.text, marked: markInvisibleCharacters(value.text) };
  if ((type === 'image' || type === 'audio') && typeof value.data === 'string') {
    const mimeType = str(value.mimeType) ?? 'application/octet-stream';
    const shown = type === 'image' && INERT_IMAGE_TYPES.includes(mimeType) && value.data.length <= IMAGE_DATA_LIMIT;
    const pixels = type === 'image' ? imagePixelSize(value.data, mimeType) : null;
    const drawable = pixels !== null && pixels.width * pixels.height <= IMAGE_PIXEL_BUDGET;
    const data = shown && drawable && /^[A-Za-z0-9+/]*={0,2}$/.test(value.data) ? value.data : null;
    return { kind: type, where, mimeType, bytes: base64Bytes(value.data), data, pixels };
  }
  if (type === 'resource_link' && typeof value.uri === 'string')
    return {
      kind: 'resource-link',
      where,
      uri: value.uri,
      name: str(value.name),
      description: str(value.description),
      mimeType: str(value.mimeType),
    };
  if (type === 'resource' && isRecord(value.resource)) return resourceBlock(where, value.resource);
  return otherBlock(where, value);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The blocks of a result of `method`, in order. */
export function resultBlocks(method: ResultMethod, result: unknown): ResultBlock[] {
  if (!isRecord(result)) return [];
  if (method === 'tools/call') return list(result.content).map((block, i) => contentBlock(`content[${i}]`, block));
  if (method === 'resources/read')
    return list(result.contents).map((entry, i) =>
      isRecord(entry) ? resourceBlock(`contents[${i}]`, entry) : otherBlock(`contents[${i}]`, entry),
    );
  return list(result.messages).map((message, i) => {
    const role = isRecord(message) ? (str(message.role) ?? '?') : '?';
    return contentBlock(`messages[${i}] (${role})`, isRecord(message) ? message.content : message);
  });
}
