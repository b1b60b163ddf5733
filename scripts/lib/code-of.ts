// What a mutation score depends on in a source file: its code, not its comments (scripts/mutation.ts).
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * A file's code without its comments (but with Stryker's `// Stryker disable` directives, which change
 * what is mutated), and without its layout: a score does not depend on what a comment says, so
 * rewording one, or pointing a citation elsewhere, does not send a machine back through Stryker.
 */
export function codeOf(file: string): string {
  return codeOfText(readFileSync(file, 'utf8'), file);
}

/** The code as its tokens joined by spaces, for a text (`name` tells TypeScript whether it is .ts or .tsx). */
export function codeOfText(text: string, name = 'file.ts'): string {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false);
  const tokens: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length > 0 || node.kind === ts.SyntaxKind.SyntaxList) {
      children.forEach(visit);
      return;
    }
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      const comment = text.slice(range.pos, range.end);
      if (STRYKER_DIRECTIVE.test(comment)) tokens.push(comment);
    }
    tokens.push(node.getText(source).replace(/\s+/g, ' '));
  };
  visit(source);
  return tokens.join(' ');
}

const STRYKER_DIRECTIVE = /\bStryker (disable|restore)\b/;
