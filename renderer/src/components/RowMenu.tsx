/**
 * A row's less frequent actions behind one ⋯ button (a Radix dropdown: arrow keys, Enter,
 * Escape, type-ahead), so a list row keeps its width for its text. Non-modal: no scroll-lock
 * style tag is injected (the CSP allows only the app's own sheet). Inside a modal <dialog>
 * the menu is put in that dialog: the page behind a modal dialog is inert, and a menu in
 * <body> could be neither seen nor clicked.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { Fragment, useRef, useState } from 'react';

export interface RowMenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  danger?: boolean;
  /** A line above this item. */
  separated?: boolean;
}

export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  return (
    <Menu.Root modal={false} onOpenChange={(open) => open && setContainer(trigger.current?.closest('dialog') ?? null)}>
      <Menu.Trigger asChild>
        <button ref={trigger} type="button" className="icon-button row-menu-button" aria-label={label} title={label}>
          <Ellipsis size={16} aria-hidden="true" />
        </button>
      </Menu.Trigger>
      <Menu.Portal container={container ?? undefined}>
        <Menu.Content className="menu" align="end" sideOffset={4} aria-label={label}>
          {items.map((item) => (
            <Fragment key={item.label}>
              {item.separated && <Menu.Separator className="menu-separator" />}
              <Menu.Item className={`menu-item${item.danger ? ' danger' : ''}`} disabled={item.disabled} onSelect={item.onSelect}>
                {item.label}
              </Menu.Item>
            </Fragment>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
