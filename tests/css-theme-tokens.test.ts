/**
 * The theme is written once: its colors are custom properties in renderer/src/theme/tokens.css,
 * each with its light and dark value (light-dark()), and every other sheet only reads them.
 */
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { cssFiles } from '../scripts/lib/css-class-usage.mjs';

const rendererSrc = path.resolve(import.meta.dirname, '../renderer/src');
const tokensFile = path.join(rendererSrc, 'theme', 'tokens.css');
const sheets = cssFiles(rendererSrc).map((file) => ({ file: path.relative(rendererSrc, file), root: postcss.parse(fs.readFileSync(file, 'utf8'), { from: file }) }));

/** Custom properties a sheet sets. */
function defined(root: postcss.Root): string[] {
  const names: string[] = [];
  root.walkDecls(/^--/, (decl) => void names.push(decl.prop));
  return names;
}

describe('theme tokens', () => {
  const tokens = defined(postcss.parse(fs.readFileSync(tokensFile, 'utf8')));

  it('are each defined once', () => {
    expect(tokens.filter((name, index) => tokens.indexOf(name) !== index)).toEqual([]);
    expect(tokens).toContain('--bg');
  });

  it('are the only custom properties the sheets read, besides their own', () => {
    const unknown: string[] = [];
    for (const { file, root } of sheets) {
      const own = defined(root);
      root.walkDecls((decl) => {
        for (const [, name] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) {
          if (!tokens.includes(name!) && !own.includes(name!)) unknown.push(`${file}: ${decl.prop}: ${decl.value}`);
        }
      });
    }
    // A fallback (`var(--warning, #b26a00)`) would hide a missing token behind a color that ignores the theme.
    expect(unknown).toEqual([]);
  });

  it('carry the only light and dark values: no other sheet picks colors by theme', () => {
    const themed: string[] = [];
    for (const { file, root } of sheets) {
      if (file === path.join('theme', 'tokens.css')) continue;
      root.walkDecls((decl) => {
        if (/light-dark\(/i.test(decl.value)) themed.push(`${file}: ${decl.prop}: ${decl.value}`);
      });
      root.walkAtRules((rule) => {
        if (/prefers-color-scheme/i.test(rule.params)) themed.push(`${file}: @${rule.name} ${rule.params}`);
      });
      root.walkRules((rule) => {
        if (/data-theme/.test(rule.selector)) themed.push(`${file}: ${rule.selector}`);
      });
    }
    expect(themed).toEqual([]);
  });
});
