/**
 * Opens a URL in the user's browser, per platform, without a shell: `open` on macOS, the URL
 * protocol handler of rundll32 on Windows (no `cmd /c start`, whose parser splits URLs at &),
 * `xdg-open` elsewhere. Only http(s) URLs; the opener runs detached and is never waited for.
 */
import { spawn } from 'node:child_process';

export function openerFor(platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  switch (platform) {
    case 'darwin':
      return { command: 'open', args: [url] };
    case 'win32':
      return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
    default:
      return { command: 'xdg-open', args: [url] };
  }
}

/** True when an opener was started (not whether a browser showed the page). */
export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): boolean {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return false;
  const { command, args } = openerFor(platform, parsed.toString());
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', shell: false });
    // A missing opener (no xdg-open) is not an error: the URL is printed anyway.
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
