// The mutation fingerprint hashes code, not comments (scripts/lib/code-of.ts): a reworded comment keeps
// a machine's recorded score; any change to code, strings or Stryker's directives does not.
import { describe, expect, it } from 'vitest';
import { codeOfText } from '../../scripts/lib/code-of.ts';

const same = (a: string, b: string) => expect(codeOfText(a)).toBe(codeOfText(b));
const differ = (a: string, b: string) => expect(codeOfText(a)).not.toBe(codeOfText(b));

describe('codeOf', () => {
  it('ignores line, block and doc comments, and how the code is wrapped', () => {
    same(
      '// a citation of requirements §4\nconst a = 1; /* why */\n/** doc */\nexport function f() {\n  return a; // end\n}\n// last\n',
      '// a citation of requirements §4\nconst a = 1;\n/** other words */\nexport function f() { return a; }\n',
    );
  });

  it('keeps Stryker directives, which change what is mutated', () => {
    differ(
      "// Stryker disable next-line StringLiteral: text for the viewer\nconst id = 'x';\n",
      "const id = 'x';\n",
    );
    same(
      "// Stryker disable next-line StringLiteral: text for the viewer\nconst id = 'x';\n",
      "// Stryker disable next-line StringLiteral: text for the viewer\nconst id = 'x';\n",
    );
  });

  it('sees every change to code, strings, templates and regular expressions', () => {
    differ('const a = 1;', 'const a = 2;');
    differ("const url = 'http://a/b';", "const url = 'http://a/c';");
    differ('const t = `x ${a /* c */} // y`;', 'const t = `x ${a} // z`;');
    differ('const r = /a\\/\\/b/;', 'const r = /a\\/\\/c/;');
    same('const t = `x ${a /* c */} // y`;', 'const t = `x ${a} // y`;');
  });

  it('reads JSX', () => {
    same('const v = <p>{/* note */}hi</p>;', 'const v = <p>{}hi</p>;');
    differ('const v = <p>hi</p>;', 'const v = <p>ho</p>;');
  });
});
