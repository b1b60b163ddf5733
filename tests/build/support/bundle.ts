// Reads the production build (dist/) the way a browser meets it: index.html names the entry script and
// its modulepreloads; each JS chunk is an ES module whose static imports load with it and whose dynamic
// imports (`import()`) load only when that code runs. Chunks are parsed with the same parser Vite 8 builds
// with (rolldown's, exported by vite as parseAst), so string contents and minified names cannot fool the
// import scan the way a regular expression over the text could.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'vite';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const DIST = join(ROOT, 'dist');

/** An ESTree node, loosely typed: only `type` is relied on everywhere, the rest is read per node type. */
export interface AstNode {
  type: string;
  [key: string]: unknown;
}

export interface Chunk {
  /** Path inside dist/, e.g. `assets/index-Ab12.js`. */
  file: string;
  code: string;
  bytes: number;
  /** gzip, level 9 (node:zlib). */
  gzip: number;
  /** Chunks this one imports statically (`import … from`, `import "…"`, `export … from`). */
  staticImports: string[];
  /** Chunks named by `import()` anywhere in this one. */
  dynamicImports: string[];
  ast: AstNode;
}

export const gzipSize = (bytes: Buffer | string): number => gzipSync(bytes, { level: 9 }).length;

/** Every file under dist/, as dist-relative posix paths. */
export function distFiles(dir = DIST): string[] {
  const out: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Depth-first walk over every node below (and including) root. */
export function walk(root: AstNode, visit: (node: AstNode) => void): void {
  const stack: AstNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) if (isNode(value[i])) stack.push(value[i] as AstNode);
      } else if (isNode(value)) stack.push(value);
    }
  }
}

export function findAll(root: AstNode, test: (node: AstNode) => boolean): AstNode[] {
  const found: AstNode[] = [];
  walk(root, (node) => {
    if (test(node)) found.push(node);
  });
  return found;
}

/** The value of a string literal, or of a template literal without `${}` (the minifier emits both). */
export function stringOf(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const quasi = (node.quasis as { value: { cooked: string | null } }[])[0];
    return quasi?.value.cooked ?? null;
  }
  return null;
}

/** The name of an identifier or a non-computed property key. */
export const nameOf = (node: unknown): string | null =>
  isNode(node) && node.type === 'Identifier' ? (node.name as string) : stringOf(node);

/** A chunk-relative specifier resolved to a dist path; null for bare or absolute URLs. */
const resolveSpecifier = (from: string, specifier: string): string | null =>
  specifier.startsWith('./') || specifier.startsWith('../')
    ? posix.normalize(posix.join(posix.dirname(from), specifier))
    : null;

export class Bundle {
  readonly html: string;
  /** `<script type="module" src>` of index.html (dist paths). */
  readonly entries: string[];
  /** `<link rel="modulepreload" href>` of index.html (dist paths). */
  readonly modulepreloads: string[];
  readonly chunks = new Map<string, Chunk>();

  constructor(readonly dir = DIST) {
    if (!existsSync(join(dir, 'index.html'))) {
      throw new Error(`${dir}/index.html is missing: run \`npx vite build\` before the build tests`);
    }
    this.html = readFileSync(join(dir, 'index.html'), 'utf8');
    const attr = (tag: string, name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1] ?? null;
    const tags = (name: string) => this.html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
    const distPath = (url: string) => url.replace(/^\//, '');
    this.entries = tags('script')
      .filter((t) => /\btype\s*=\s*["']module["']/i.test(t) && attr(t, 'src') !== null)
      .map((t) => distPath(attr(t, 'src')!));
    this.modulepreloads = tags('link')
      .filter((t) => /\brel\s*=\s*["']modulepreload["']/i.test(t))
      .map((t) => distPath(attr(t, 'href')!));
    for (const file of distFiles(dir).filter((f) => f.endsWith('.js')))
      this.chunks.set(file, this.load(file));
  }

  private load(file: string): Chunk {
    const code = readFileSync(join(this.dir, file), 'utf8');
    const ast = parseAst(code) as unknown as AstNode;
    const staticImports: string[] = [];
    const dynamicImports: string[] = [];
    const add = (list: string[], specifier: string | null) => {
      const target = specifier === null ? null : resolveSpecifier(file, specifier);
      if (target !== null && !list.includes(target)) list.push(target);
    };
    // Static imports can only be top-level statements.
    for (const statement of ast.body as AstNode[]) {
      if (
        statement.type === 'ImportDeclaration' ||
        statement.type === 'ExportAllDeclaration' ||
        (statement.type === 'ExportNamedDeclaration' && statement.source)
      ) {
        add(staticImports, stringOf(statement.source));
      }
    }
    walk(ast, (node) => {
      if (node.type === 'ImportExpression') add(dynamicImports, stringOf(node.source));
    });
    const bytes = Buffer.byteLength(code);
    return { file, code, bytes, gzip: gzipSize(code), staticImports, dynamicImports, ast };
  }

  chunk(file: string): Chunk {
    const chunk = this.chunks.get(file);
    if (chunk === undefined) throw new Error(`no chunk ${file} in ${this.dir}`);
    return chunk;
  }

  /**
   * The chunks that load with these ones: themselves and their static imports, transitively (not walking
   * into the chunks named in `skip`).
   */
  staticClosure(files: readonly string[], skip: readonly string[] = []): string[] {
    const seen = new Set<string>();
    const queue = [...files];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (seen.has(file) || skip.includes(file)) continue;
      seen.add(file);
      queue.push(...this.chunk(file).staticImports);
    }
    return [...seen];
  }

  /**
   * Where a top-level binding of a chunk comes from: follows `import { x as b } from "./c.js"` and
   * `export { l as x }` (also re-exports) to the chunk that declares it, and answers that declaration's
   * initialiser (`var b = …`) or the function declaration.
   */
  resolveBinding(file: string, name: string, depth = 0): { file: string; node: AstNode } | null {
    if (depth > 20) return null;
    const body = this.chunk(file).ast.body as AstNode[];
    for (const statement of body) {
      if (statement.type !== 'ImportDeclaration') continue;
      for (const spec of statement.specifiers as AstNode[]) {
        if (nameOf(spec.local) !== name) continue;
        const target = resolveSpecifier(file, stringOf(statement.source) ?? '');
        if (target === null || spec.type !== 'ImportSpecifier') return null;
        return this.resolveExport(target, nameOf(spec.imported)!, depth + 1);
      }
    }
    let found: { file: string; node: AstNode } | null = null;
    walk(this.chunk(file).ast, (node) => {
      if (found !== null) return;
      if (node.type === 'VariableDeclarator' && nameOf(node.id) === name && isNode(node.init)) {
        found = { file, node: node.init };
      } else if (node.type === 'FunctionDeclaration' && nameOf(node.id) === name) {
        found = { file, node };
      }
    });
    return found;
  }

  private resolveExport(
    file: string,
    exported: string,
    depth: number,
  ): { file: string; node: AstNode } | null {
    for (const statement of this.chunk(file).ast.body as AstNode[]) {
      if (statement.type !== 'ExportNamedDeclaration') continue;
      for (const spec of (statement.specifiers as AstNode[] | undefined) ?? []) {
        if (nameOf(spec.exported) !== exported) continue;
        const local = nameOf(spec.local)!;
        if (statement.source) {
          const target = resolveSpecifier(file, stringOf(statement.source) ?? '');
          return target === null ? null : this.resolveExport(target, local, depth + 1);
        }
        return this.resolveBinding(file, local, depth + 1);
      }
    }
    return null;
  }

  /**
   * The files the preload helper fetches with a lazy chunk: Vite wraps each `import()` of a chunk that has
   * dependencies as `__vitePreload(() => import("./x.js"), __vite__mapDeps([i, j, …]))`, and
   * `__vite__mapDeps` indexes one array of dist paths at the top of the importing chunk.
   */
  preloadDepsOf(file: string, call: AstNode): string[] {
    const table = this.mapDepsTable(file);
    const list = findAll(
      call,
      (n) => n.type === 'CallExpression' && nameOf(n.callee) === '__vite__mapDeps',
    )[0];
    if (table === null || list === undefined) return [];
    const indices = ((list.arguments as AstNode[])[0]?.elements as AstNode[] | undefined) ?? [];
    return indices.map((n) => table[n.value as number]!).filter((f) => f !== undefined);
  }

  private mapDepsTable(file: string): string[] | null {
    const declarator = findAll(
      this.chunk(file).ast,
      (n) => n.type === 'VariableDeclarator' && nameOf(n.id) === '__vite__mapDeps',
    )[0];
    if (declarator === undefined) return null;
    const array = findAll(
      declarator,
      (n) => n.type === 'ArrayExpression' && (n.elements as unknown[]).every((e) => stringOf(e) !== null),
    ).sort((a, b) => (b.elements as unknown[]).length - (a.elements as unknown[]).length)[0];
    return array === undefined ? null : (array.elements as AstNode[]).map((e) => stringOf(e)!);
  }
}

/** A property of an object literal by key. */
export const propertyOf = (object: AstNode, key: string): AstNode | null =>
  ((object.properties as AstNode[] | undefined) ?? []).find(
    (p) => p.type === 'Property' && !p.computed && nameOf(p.key) === key,
  ) ?? null;

/** An object literal `{ id: "/x", path: "/x", … }` with these string properties. */
export const hasStringProps = (node: AstNode, props: Record<string, string>): boolean =>
  node.type === 'ObjectExpression' &&
  Object.entries(props).every(([key, value]) => stringOf(propertyOf(node, key)?.value) === value);

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;

/** A lazily loaded part of a route: the property it implements and the chunk `import()` names there. */
export interface LazyPart {
  property: string;
  chunk: string;
  /** What Vite's preload helper fetches along with it (its __vite__mapDeps list). */
  preloadDeps: string[];
}

export interface RouteChunks {
  id: string;
  /** The chunk holding the route's definition (`createFileRoute(path)({ … })`). */
  definedIn: string;
  lazy: LazyPart[];
}

/**
 * The route options whose code a route needs to render when nothing fails: the component, and a loader when
 * the plugin split one out. (errorComponent, notFoundComponent and pendingComponent load only in those
 * states.)
 */
export const RENDER_PROPERTIES = ['component', 'loader'] as const;

/**
 * The chunks a route of TanStack Router's generated route tree needs, found from the tree itself:
 * src/routeTree.gen.ts registers every route as `XRouteImport.update({ id, path, getParentRoute })`, which
 * survives minification as `<binding>.update({id:"/",path:"/",getParentRoute:()=><root>})`. The binding is
 * followed through the chunks' import/export names to the route's definition, `createFileRoute("/")({ … })`;
 * with autoCodeSplitting the plugin rewrites each split property there to
 * `lazyRouteComponent(() => __vitePreload(() => import("./chunk.js"), __vite__mapDeps([…])), "component")`,
 * so the `import()` inside a property's value is that property's chunk. The same is done for the root route
 * the tree names as parent.
 */
export function routeChunks(bundle: Bundle, firstLoad: readonly string[], id: string): RouteChunks[] {
  const updates = firstLoad.flatMap((file) =>
    findAll(
      bundle.chunk(file).ast,
      (n) =>
        n.type === 'CallExpression' &&
        isNode(n.callee) &&
        n.callee.type === 'MemberExpression' &&
        nameOf(n.callee.property) === 'update' &&
        isNode((n.arguments as unknown[])[0]) &&
        hasStringProps((n.arguments as AstNode[])[0]!, { id }),
    ).map((call) => ({ file, call })),
  );
  if (updates.length !== 1) {
    throw new Error(`expected one route tree entry with id "${id}", found ${updates.length}`);
  }
  const { file, call } = updates[0]!;
  const options = (call.arguments as AstNode[])[0]!;
  const binding = nameOf((call.callee as AstNode).object);
  const parent = propertyOf(options, 'getParentRoute')?.value as AstNode | undefined;
  const rootBinding = parent && parent.type === 'ArrowFunctionExpression' ? nameOf(parent.body) : null;
  const out: RouteChunks[] = [];
  if (rootBinding !== null) out.push(definitionChunks(bundle, file, rootBinding, '__root__'));
  if (binding === null) throw new Error(`route "${id}": update() is not called on a binding`);
  out.push(definitionChunks(bundle, file, binding, id));
  return out;
}

function definitionChunks(bundle: Bundle, file: string, binding: string, id: string): RouteChunks {
  const definition = bundle.resolveBinding(file, binding);
  if (definition === null) throw new Error(`route "${id}": cannot find the definition of ${binding}`);
  // The options object of createFileRoute(path)({ … }) / createRootRoute…()({ … }): the first object literal
  // of the definition with route options in it.
  const options = findAll(
    definition.node,
    (n) =>
      n.type === 'ObjectExpression' &&
      ['component', 'beforeLoad', 'loader', 'validateSearch', 'notFoundComponent'].some(
        (key) => propertyOf(n, key) !== null,
      ),
  )[0];
  const lazy: LazyPart[] = [];
  for (const property of RENDER_PROPERTIES) {
    const value =
      options === undefined ? null : (propertyOf(options, property)?.value as AstNode | undefined);
    if (!value) continue;
    for (const imp of findAll(value, (n) => n.type === 'ImportExpression')) {
      const specifier = stringOf(imp.source);
      if (specifier === null) continue;
      const chunk = posix.normalize(posix.join(posix.dirname(definition.file), specifier));
      lazy.push({ property, chunk, preloadDeps: bundle.preloadDepsOf(definition.file, value) });
    }
  }
  return { id, definedIn: definition.file, lazy };
}
