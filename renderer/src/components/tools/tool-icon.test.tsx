// @vitest-environment happy-dom
/** A tool's icon follows the theme the page shows: the app's toggle first, the system's without one. */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../shared/domain';
import { ToolIcon } from './tool-display';

const LIGHT = 'data:image/png;base64,bGlnaHQ=';
const DARK = 'data:image/png;base64,ZGFyaw==';
const tool: ToolInfo = {
  server: 'lab',
  name: 'paint',
  fullName: 'lab__paint',
  inputSchema: { type: 'object' },
  icons: [
    { src: LIGHT, theme: 'light' },
    { src: DARK, theme: 'dark' },
  ],
};

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.theme;
});

function shownIcon(container: HTMLElement): string | null {
  return container.querySelector('img.tool-icon')?.getAttribute('src') ?? null;
}

it('shows the dark icon when the app is switched to dark, and the light one when switched back', async () => {
  const { container } = render(<ToolIcon tool={tool} />);
  expect(shownIcon(container)).toBe(LIGHT);
  await act(async () => {
    document.documentElement.dataset.theme = 'dark';
    await new Promise<void>((resolve) => queueMicrotask(resolve));
  });
  expect(shownIcon(container)).toBe(DARK);
  await act(async () => {
    document.documentElement.dataset.theme = 'light';
    await new Promise<void>((resolve) => queueMicrotask(resolve));
  });
  expect(shownIcon(container)).toBe(LIGHT);
});

it('an icon drawn while the app is already dark is the dark one', () => {
  document.documentElement.dataset.theme = 'dark';
  const { container } = render(<ToolIcon tool={tool} />);
  expect(shownIcon(container)).toBe(DARK);
});
