/**
 * A result's blocks (lib/core/results/blocks.ts), drawn so that nothing in them acts: text as text
 * with its invisible characters marked, an image only when the block carries it as data of an inert
 * raster type (shown from a data: URI; nothing is fetched) at a readable size (image-display.ts), audio described, a resource link as its
 * URI in text with a copy button (never a link: nothing is followed) and, in a session, a button that
 * reads it there (the same server, resources/read: issue 49), an embedded resource as its text,
 * anything else as JSON text. Blocks arrive as JSON: each is read by its kind, an unknown one as JSON.
 */
import { INERT_IMAGE_TYPES, type ResultBlock } from '@/lib/core/results/blocks';
import { IMAGE_PIXEL_BUDGET, type PixelSize } from '@/lib/core/results/image-size';
import { isRecord } from '@/lib/core/is-record';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED, PRE } from '@/components/ui/styles';
import { markedText, VisibleText } from '@/components/ui/visible-text';
import { BUTTON } from '@/components/ui/styles';
import { CopyButton } from './copy-button';
import { displaySize } from './image-display';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** A block from the wire as a ResultBlock, or null when its shape is not one. */
function readBlock(raw: Record<string, unknown>): ResultBlock | null {
  const where = str(raw.where) ?? '';
  switch (raw.kind) {
    case 'text':
      return typeof raw.text === 'string'
        ? { kind: 'text', where, text: raw.text, marked: str(raw.marked) ?? '' }
        : null;
    case 'image':
    case 'audio':
      return {
        kind: raw.kind,
        where,
        mimeType: str(raw.mimeType) ?? '',
        bytes: num(raw.bytes),
        data: str(raw.data),
        pixels: pixelsOf(raw.pixels),
      };
    case 'resource-link':
      return typeof raw.uri === 'string'
        ? {
            kind: 'resource-link',
            where,
            uri: raw.uri,
            name: str(raw.name),
            description: str(raw.description),
            mimeType: str(raw.mimeType),
          }
        : null;
    case 'resource':
      return {
        kind: 'resource',
        where,
        uri: str(raw.uri) ?? '',
        mimeType: str(raw.mimeType),
        text: str(raw.text),
        marked: str(raw.marked),
        blobBytes: typeof raw.blobBytes === 'number' ? raw.blobBytes : null,
      };
    case 'other':
      return { kind: 'other', where, type: str(raw.type) ?? '?', json: str(raw.json) ?? '' };
    default:
      return null;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function pixelsOf(value: unknown): PixelSize | null {
  return isRecord(value) && typeof value.width === 'number' && typeof value.height === 'number'
    ? { width: value.width, height: value.height }
    : null;
}

/** Why an image is described instead of drawn. */
function notDrawn(block: Extract<ResultBlock, { kind: 'image' | 'audio' }>): string {
  if (!INERT_IMAGE_TYPES.includes(block.mimeType)) return 'only PNG, JPEG, GIF and WebP data are drawn';
  if (block.pixels === null) return 'its header does not read as that type';
  const { width, height } = block.pixels;
  if (width * height > IMAGE_PIXEL_BUDGET)
    return `${String(width)} x ${String(height)} pixels, more than the ${String(IMAGE_PIXEL_BUDGET)} drawn (a small file can declare a huge canvas)`;
  return 'its data is too large or not base64';
}

// Long because: one case per kind of block (text, image, audio, link, embedded resource, other), each drawn inert.
function BlockBody({ block, index, onOpen }: { block: ResultBlock; index: number; onOpen: OpenLink | undefined }) {
  const label = `Block ${String(index + 1)}`;
  switch (block.kind) {
    case 'text':
      return (
        <ScrollRegion as="pre" label={`${label} text`} className={`${PRE} max-h-80 whitespace-pre-wrap break-words`}>
          <VisibleText text={block.text} />
        </ScrollRegion>
      );
    case 'image': {
      const inert = block.data !== null && INERT_IMAGE_TYPES.includes(block.mimeType) && BASE64.test(block.data);
      const size = displaySize(block.pixels);
      return inert ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data: URI the result carries; next/image would fetch through the optimiser
        <img
          data-testid="result-image"
          src={`data:${block.mimeType};base64,${block.data ?? ''}`}
          alt={`Image from the result (${block.mimeType}, ${String(block.bytes)} bytes${
            block.pixels === null ? '' : `, ${String(block.pixels.width)} x ${String(block.pixels.height)} pixels`
          })`}
          {...(size === null ? {} : { width: size.width, height: size.height, 'data-scale': size.scale })}
          style={size !== null && size.scale > 1 ? { imageRendering: 'pixelated' } : undefined}
          className="h-auto max-w-full rounded ring-1 ring-slate-200 dark:ring-slate-700"
        />
      ) : (
        <p className={`text-xs ${MUTED}`}>
          An image ({markedText(block.mimeType)}, {block.bytes} bytes), not shown: {notDrawn(block)}.
        </p>
      );
    }
    case 'audio':
      return (
        <p className={`text-xs ${MUTED}`}>
          Audio ({markedText(block.mimeType)}, {block.bytes} bytes), not played.
        </p>
      );
    case 'resource-link':
      return (
        <div data-testid="result-link" className="text-sm">
          <p>
            A link to a resource (not followed):{' '}
            {block.name === null ? null : <VisibleText text={block.name} controls />}
            {block.mimeType === null ? null : <span className={MUTED}> · {markedText(block.mimeType)}</span>}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-xs break-all">
              <VisibleText text={block.uri} controls />
            </code>
            <CopyButton text={block.uri} label="Copy URI" />
            {onOpen === undefined ? null : (
              <button
                type="button"
                data-testid="result-link-open"
                onClick={() => {
                  onOpen(block.uri);
                }}
                className={BUTTON.secondary}
              >
                Read it in this session
              </button>
            )}
          </p>
          {block.description === null ? null : (
            <p className={`text-xs ${MUTED}`}>
              <VisibleText text={block.description} />
            </p>
          )}
        </div>
      );
    case 'resource':
      return (
        <div className="space-y-1 text-sm">
          <p>
            Embedded resource{' '}
            <code className="font-mono text-xs break-all">
              <VisibleText text={block.uri} controls />
            </code>
            {block.mimeType === null ? null : <span className={MUTED}> · {markedText(block.mimeType)}</span>}
          </p>
          {block.text !== null ? (
            <ScrollRegion
              as="pre"
              label={`${label} resource text`}
              className={`${PRE} max-h-80 whitespace-pre-wrap break-words`}
            >
              <VisibleText text={block.text} />
            </ScrollRegion>
          ) : (
            <p className={`text-xs ${MUTED}`}>Binary content ({block.blobBytes ?? 0} bytes), not shown.</p>
          )}
        </div>
      );
    case 'other':
      return (
        <ScrollRegion as="pre" label={`${label} JSON`} className={`${PRE} max-h-60 whitespace-pre-wrap break-all`}>
          <VisibleText text={block.json} />
        </ScrollRegion>
      );
  }
}

/** Reads a linked resource in the same session (resources/read of its URI on the server that sent it). */
export type OpenLink = (uri: string) => void;

export function ResultBlocks({ blocks, onOpen }: { blocks: readonly Record<string, unknown>[]; onOpen?: OpenLink }) {
  if (blocks.length === 0) return <p className={`text-sm ${MUTED}`}>The result has no content blocks.</p>;
  return (
    <ol data-testid="result-blocks" className="space-y-2">
      {blocks.map((raw, i) => {
        const block = isRecord(raw) ? readBlock(raw) : null;
        return (
          // Blocks are a fixed list in result order.
          <li key={i} data-testid="result-block" data-kind={block?.kind ?? 'unknown'} className="space-y-1">
            <p className={`text-xs ${MUTED}`}>
              <VisibleText text={block?.where ?? `block ${String(i)}`} controls /> · {block?.kind ?? 'unknown'}
            </p>
            {block === null ? (
              <ScrollRegion as="pre" label={`Block ${String(i + 1)} JSON`} className={`${PRE} max-h-60`}>
                <VisibleText text={JSON.stringify(raw)} />
              </ScrollRegion>
            ) : (
              <BlockBody block={block} index={i} onOpen={onOpen} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
