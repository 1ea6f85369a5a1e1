/**
 * tools/list sent raw, every page: listRaw for tools, shaped as the Report's tool pages.
 */
import type { RawPage } from '../../core/report/report';
import type { Connection } from './connect';
import { LIST_KINDS, listRaw, type ListOptions, type ListResult } from './list-raw';

export type ListToolsOptions = ListOptions;

export interface ListToolsResult extends Omit<ListResult, 'pages'> {
  pages: RawPage[];
}

export async function listToolsRaw(
  connection: Pick<Connection, 'client' | 'observed'>,
  options: ListToolsOptions,
): Promise<ListToolsResult> {
  const listed = await listRaw(connection, LIST_KINDS.tools, options);
  return { ...listed, pages: listed.pages.map((page) => ({ ...page, tools: page.items })) };
}
