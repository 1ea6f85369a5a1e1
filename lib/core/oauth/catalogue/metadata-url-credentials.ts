/** OAuth finding metadata-url-credentials: “A metadata URL carries credentials”. */
import type { FindingDefinition } from '../../finding';

export const METADATA_URL_CREDENTIALS_DEFINITION: FindingDefinition<'metadata-url-credentials'> = {
  id: 'metadata-url-credentials',
  severity: 'high',
  title: 'A metadata URL carries credentials',
  meaning:
    'A URL in the OAuth metadata has a user name or password in it (https://user:pass@host/…). A client that follows it sends them (a browser may show them, logs keep them), and a URL that reads as one host can lead to another ("https://trusted.example@evil.example/" goes to evil.example). No honest metadata needs them. The message names the key and the host, never the credentials.',
  doesNotTell: 'Whose credentials they are, or whether they work.',
  reference: 'RFC 3986 §3.2.1 (user information in a URI is deprecated); RFC 8414 §2; RFC 9728 §2',
};
