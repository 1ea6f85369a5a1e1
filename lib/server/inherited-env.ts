/**
 * The variables an audited stdio server inherits by default: the same allowlist as the MCP SDK's
 * StdioClientTransport (DEFAULT_INHERITED_ENV_VARS in @modelcontextprotocol/sdk/client/stdio.js;
 * inherited-env.test.ts keeps the two equal). Written here so the CLI can start a server before it
 * loads the SDK, which evaluates every protocol schema on import.
 */

/** The allowlist on one platform: Windows needs its system folders; elsewhere sudo's short list. */
export function inheritedEnvVars(platform: NodeJS.Platform): readonly string[] {
  return platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
}

/** The allowlist on this machine. */
export const DEFAULT_INHERITED_ENV_VARS = inheritedEnvVars(process.platform);
