import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moveInToolbar } from './toolbarKeys';

describe('the editor toolbar keys', () => {
  it('moves between the enabled buttons with the arrows, Home and End, wrapping round', () => {
    render(
      <div role="toolbar" aria-label="Editor" onKeyDown={moveInToolbar}>
        <button type="button" tabIndex={-1}>
          Undo
        </button>
        <button type="button" tabIndex={-1} disabled>
          Redo
        </button>
        <button type="button" tabIndex={-1}>
          Bold
        </button>
      </div>,
    );
    const toolbar = screen.getByRole('toolbar');
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bold' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bold' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
  });
});
