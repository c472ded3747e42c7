// @vitest-environment happy-dom
/** The generated argument form, driven as a user drives it: typing, picking, adding and moving items. */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaForm } from './SchemaForm';
import type { Schema } from './schema-model';

afterEach(cleanup);

/**
 * The form as the arguments editor holds it: the value goes through JSON text on every
 * change, and `replace` puts in a value from outside (a history entry, the JSON editor).
 */
function renderForm(schema: Schema, initial: unknown) {
  const state = { value: initial, replace: (_next: unknown) => {} };
  function Harness() {
    const [value, setValue] = useState(initial);
    state.value = value;
    state.replace = setValue;
    return <SchemaForm schema={schema} value={value} onChange={(next) => setValue(JSON.parse(JSON.stringify(next ?? {})))} />;
  }
  render(<Harness />);
  return {
    user: userEvent.setup(),
    value: () => state.value,
    replace: (next: unknown) => act(() => state.replace(next)),
  };
}

const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required });
const select = (name: string | RegExp) => screen.getByLabelText(name) as HTMLSelectElement;
const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;

describe('SchemaForm', () => {
  it('fills nested objects, and adds an optional one only when asked', async () => {
    const schema = object({ address: object({ city: { type: 'string' }, zip: { type: 'string' } }, ['city']), extra: object({ note: { type: 'string' } }) }, ['address']);
    const form = renderForm(schema, { address: {} });
    expect(screen.getByRole('group', { name: 'address' })).toBeTruthy();
    await form.user.type(field(/^city/), 'Oslo');
    expect(form.value()).toEqual({ address: { city: 'Oslo' } });
    expect(screen.queryByLabelText(/^note/)).toBeNull();
    await form.user.click(screen.getByRole('button', { name: 'Add extra' }));
    expect(form.value()).toEqual({ address: { city: 'Oslo' }, extra: {} });
    await form.user.type(field(/^note/), 'hi');
    expect(form.value()).toEqual({ address: { city: 'Oslo' }, extra: { note: 'hi' } });
  });

  it('adds, removes and moves array items', async () => {
    const form = renderForm(object({ tags: { type: 'array', items: { type: 'string' } } }), {});
    await form.user.click(screen.getByRole('button', { name: 'Add tags' }));
    expect(form.value()).toEqual({ tags: [] });
    const add = screen.getByRole('button', { name: 'Add item to tags' });
    await form.user.click(add);
    await form.user.type(field(/^tags 1/), 'a');
    await form.user.click(add);
    await form.user.type(field(/^tags 2/), 'b');
    expect(form.value()).toEqual({ tags: ['a', 'b'] });
    await form.user.click(screen.getByRole('button', { name: 'Move tags 2 up' }));
    expect(form.value()).toEqual({ tags: ['b', 'a'] });
    expect(field(/^tags 1/).value).toBe('b');
    await form.user.click(screen.getByRole('button', { name: 'Remove tags 1' }));
    expect(form.value()).toEqual({ tags: ['a'] });
    expect(field(/^tags 1/).value).toBe('a');
  });

  describe('an array item keeps its own state when items are removed or moved', () => {
    const contacts = object({
      contacts: { type: 'array', items: { anyOf: [{ title: 'Text', type: 'string' }, { title: 'Email', type: 'string', format: 'email' }] } },
    });
    const option = (n: number) => select(`contacts ${n}: which option (anyOf)`);

    it('the option picked for an item stays with it after the item above is removed', async () => {
      const form = renderForm(contacts, { contacts: ['a', 'b'] });
      await form.user.selectOptions(option(2), 'Email');
      expect(option(2).value).toBe('1');
      await form.user.click(screen.getByRole('button', { name: 'Remove contacts 1' }));
      expect(form.value()).toEqual({ contacts: [''] });
      expect(option(1).value).toBe('1');
      expect(screen.getByPlaceholderText('name@example.com')).toBeTruthy();
    });

    it('the option picked for an item moves with it', async () => {
      const form = renderForm(contacts, { contacts: ['a', 'b'] });
      await form.user.selectOptions(option(2), 'Email');
      await form.user.click(screen.getByRole('button', { name: 'Move contacts 2 up' }));
      expect(form.value()).toEqual({ contacts: ['', 'a'] });
      expect([option(1).value, option(2).value]).toEqual(['1', '0']);
    });

    it('items put in from outside (another history entry) start from their own values, not the old picks', async () => {
      const form = renderForm(contacts, { contacts: ['a', 'b'] });
      await form.user.selectOptions(option(2), 'Email');
      form.replace({ contacts: ['x', 'y'] });
      expect([option(1).value, option(2).value]).toEqual(['0', '0']);
      expect(screen.queryByPlaceholderText('name@example.com')).toBeNull();
    });

    it('JSON typed into an item that does not parse yet stays with that item', async () => {
      const form = renderForm(object({ values: { type: 'array', items: {} } }), { values: [1, 2] });
      const second = field(/^values 2/);
      await form.user.type(second, 'x', { initialSelectionStart: 0, initialSelectionEnd: second.value.length });
      expect(screen.getByText(/Not JSON yet/)).toBeTruthy();
      await form.user.click(screen.getByRole('button', { name: 'Remove values 1' }));
      expect(field(/^values 1/).value).toBe('x');
      expect(screen.getByText(/Not JSON yet/)).toBeTruthy();
    });
  });

  it('picks from an enum (labelled by enumNames) and from titled const options', async () => {
    const schema = object(
      {
        color: { type: 'string', enum: ['red', 'green'], enumNames: ['Red', 'Green'] },
        size: { oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] },
      },
      ['color'],
    );
    const form = renderForm(schema, {});
    expect(within(select(/^color/)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Red', 'Green']);
    await form.user.selectOptions(select(/^color/), 'Green');
    await form.user.selectOptions(select(/^size/), 'Large');
    expect(form.value()).toEqual({ color: 'green', size: 'l' });
    // A required enum, once chosen, cannot go back to unset; an optional one can.
    expect(within(select(/^color/)).queryByText('Choose…')).toBeNull();
    await form.user.selectOptions(select(/^size/), '(not set)');
    expect(form.value()).toEqual({ color: 'green' });
  });

  it('shows a const and sets it with one click', async () => {
    const form = renderForm(object({ kind: { const: 'circle' } }), {});
    expect(screen.getByText('"circle"')).toBeTruthy();
    await form.user.click(screen.getByRole('button', { name: 'Set to "circle"' }));
    expect(form.value()).toEqual({ kind: 'circle' });
    expect(screen.queryByRole('button', { name: 'Set to "circle"' })).toBeNull();
  });

  describe('oneOf', () => {
    const shape = object(
      {
        shape: {
          oneOf: [
            { title: 'Circle', type: 'object', properties: { radius: { type: 'number' } }, required: ['radius'] },
            { title: 'Square', type: 'object', properties: { side: { type: 'number' } }, required: ['side'] },
          ],
        },
      },
      ['shape'],
    );
    const which = () => select('shape: which option (oneOf)');

    it('switching the option starts its value and shows its fields', async () => {
      const form = renderForm(shape, { shape: { radius: 1 } });
      expect(which().value).toBe('0');
      expect(field(/^radius/).value).toBe('1');
      await form.user.selectOptions(which(), 'Square');
      expect(form.value()).toEqual({ shape: {} });
      await form.user.type(field(/^side/), '3');
      expect(form.value()).toEqual({ shape: { side: 3 } });
      expect(which().value).toBe('1');
    });

    it('a value put in from outside shows under the option it matches, not the one picked before', async () => {
      const form = renderForm(shape, { shape: { radius: 1 } });
      // Square picked: its empty value {} matches neither option, so only the pick holds it.
      await form.user.selectOptions(which(), 'Square');
      expect(which().value).toBe('1');
      form.replace({ shape: { radius: 2 } });
      expect(which().value).toBe('0');
      expect(field(/^radius/).value).toBe('2');
    });
  });

  it('a nullable value has a null switch that sets null and back', async () => {
    const form = renderForm(object({ note: { type: ['string', 'null'] } }), { note: 'hi' });
    const nullSwitch = screen.getByRole('checkbox', { name: 'null' });
    await form.user.click(nullSwitch);
    expect(form.value()).toEqual({ note: null });
    expect(screen.queryByLabelText(/^note/, { selector: 'textarea' })).toBeNull();
    await form.user.click(nullSwitch);
    expect(form.value()).toEqual({ note: '' });
    expect(field(/^note/).value).toBe('');
  });

  it('an added object or item starts from the schema defaults', async () => {
    const schema = object({
      options: object({ level: { type: 'integer', default: 3 }, mode: { type: 'string', default: 'fast' } }),
      tags: { type: 'array', items: { type: 'string', default: 'new' } },
    });
    const form = renderForm(schema, { tags: [] });
    await form.user.click(screen.getByRole('button', { name: 'Add options' }));
    await form.user.click(screen.getByRole('button', { name: 'Add item to tags' }));
    expect(form.value()).toEqual({ options: { level: 3, mode: 'fast' }, tags: ['new'] });
    expect(field(/^level/).value).toBe('3');
  });

  it('Leave out removes an optional property; a required one has no such button', async () => {
    const form = renderForm(object({ name: { type: 'string' }, id: { type: 'string' } }, ['id']), { name: 'x', id: 'y' });
    expect(screen.queryByRole('button', { name: 'Leave out id' })).toBeNull();
    await form.user.click(screen.getByRole('button', { name: 'Leave out name' }));
    expect(form.value()).toEqual({ id: 'y' });
    expect(screen.queryByRole('button', { name: 'Leave out name' })).toBeNull();
  });
});
