// The import graph of the project's own TypeScript (lib/, components/, app/), resolved with the
// TypeScript compiler and tsconfig.json (so `@/` paths count), and its circles (strongly connected
// components of more than one file, or a file importing itself). Type-only imports count too: a
// circle of types is still two files that cannot be understood one without the other.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(root, path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/**
 * Every file under `dirs` (relative to root) with the project files it imports. With `values`, only
 * what a bundle loads: `import type` and `export type` statements, erased when compiled, are left out.
 */
export function importGraph(root: string, dirs: readonly string[], { values = false } = {}): ImportGraph {
  const configPath = ts.findConfigFile(root, (path) => ts.sys.fileExists(path), 'tsconfig.json');
  if (configPath === undefined) throw new Error(`no tsconfig.json in ${root}`);
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const graph: ImportGraph = new Map();
  const files = dirs.flatMap((dir) => sourceFiles(root, dir));
  for (const file of files) {
    const source = ts.sys.readFile(join(root, file)) ?? '';
    const text = values ? source.replace(/^(import|export) type [^;]*;/gm, '') : source;
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, join(root, file), options, ts.sys).resolvedModule;
      if (resolved === undefined || resolved.isExternalLibraryImport === true) continue;
      const target = relative(root, resolved.resolvedFileName);
      if (!target.startsWith('..') && !target.includes('node_modules')) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The circles of a graph: each strongly connected component with more than one file, or a self-import (Tarjan). */
export function importCircles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/**
 * The graph of a folder's parts: each subfolder one node (`lib/core/surface/`), each file directly
 * in the folder its own node. A circle here is a folder that imports a file or folder that imports
 * it back (say lib/core/x.ts ⇄ lib/core/surface/), which the file graph does not show.
 */
export function folderGraph(graph: ImportGraph, folder: string): ImportGraph {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  const part = (file: string): string => {
    const rest = file.slice(prefix.length);
    const slash = rest.indexOf('/');
    return slash === -1 ? file : `${prefix}${rest.slice(0, slash)}/`;
  };
  const parts: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    if (!file.startsWith(prefix)) continue;
    const from = part(file);
    const edges = new Set(parts.get(from) ?? []);
    for (const target of targets) if (target.startsWith(prefix) && part(target) !== from) edges.add(part(target));
    parts.set(from, [...edges].sort());
  }
  return parts;
}

/** The node of the root files in folderNodes' graph. */
export const ROOT_FILES = '(root files)';

/**
 * The graph of a folder's folders: each subfolder one node (`lib/server/mcp/`), and the files directly
 * in the folder one node together (`lib/server/(root files)`). A circle here is a set of folders that
 * cannot be read one without the others, the tangle folderGraph (one node per root file) hides.
 */
export function folderNodes(graph: ImportGraph, folder: string): ImportGraph {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  const node = (file: string): string => {
    const rest = file.slice(prefix.length);
    const slash = rest.indexOf('/');
    return slash === -1 ? `${prefix}${ROOT_FILES}` : `${prefix}${rest.slice(0, slash)}/`;
  };
  const nodes: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    if (!file.startsWith(prefix)) continue;
    const from = node(file);
    const edges = new Set(nodes.get(from) ?? []);
    for (const target of targets) if (target.startsWith(prefix) && node(target) !== from) edges.add(node(target));
    nodes.set(from, [...edges].sort());
  }
  return nodes;
}
