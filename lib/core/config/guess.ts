/**
 * Which client a file given with --config belongs to: by its name and folder first (the paths each
 * client documents), then by its content (`servers` is VS Code's key). Anything else is read in the
 * common `mcpServers` shape.
 */
import { CLIENT_IDS, CLIENTS, type ClientId } from './clients';

export function guessClient(file: string, text: string): ClientId {
  const parts = file.split(/[\\/]/).filter(Boolean);
  const name = {
    base: (parts.at(-1) ?? '').toLowerCase(),
    parent: (parts.at(-2) ?? '').toLowerCase(),
    grandparent: (parts.at(-3) ?? '').toLowerCase(),
  };
  return (
    CLIENT_IDS.find((id) => CLIENTS[id].ownsFile(name)) ?? CLIENT_IDS.find((id) => CLIENTS[id].ownsText(text)) ?? 'file'
  );
}
