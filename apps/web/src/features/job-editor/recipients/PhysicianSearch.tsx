import { Loader, Text, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { Physician } from '@quill/core/contract/job';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { physicianLabel } from '../physicianName';
import classes from './Recipients.module.css';
import type { PhysicianModalState } from './usePhysicianModal';

export interface PhysicianSearchProps {
  state: Pick<
    PhysicianModalState,
    'text' | 'setText' | 'searching' | 'searched' | 'results' | 'selected' | 'choose'
  >;
  /** The current physician, pinned on top of the results. */
  pinned: Physician | null;
}

/**
 * Spec 02 §2/§5/§9: the Physician modal's search box and its results — the pinned current
 * physician first, then at most 300 found, in a list at most 300 px high. The box keeps the focus:
 * Arrow keys move through the options, Enter chooses one (a listbox with aria-activedescendant).
 */
export function PhysicianSearch({ state, pinned }: PhysicianSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = pinned ? [pinned, ...state.results] : state.results;
  const [active, setActive] = useState(-1);
  const optionId = (i: number) => `${id}-option-${i}`;

  // A new list starts with no option active.
  const count = options.length;
  useEffect(() => setActive((a) => (a < count ? a : -1)), [count]);
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (count === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a < 0 ? (step > 0 ? 0 : count - 1) : (a + step + count) % count));
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      state.choose(options[active]);
    }
  };

  const status = state.searching
    ? t('physicianModal.searching')
    : state.searched && state.results.length === 0
      ? t('physicianModal.noMatches')
      : '';
  return (
    <div>
      <TextInput
        label={t('physicianModal.searchLabel')}
        placeholder={t('physicianModal.searchPlaceholder')}
        value={state.text}
        onChange={(e) => {
          state.setText(e.currentTarget.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={count > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        rightSection={state.searching ? <Loader size={14} /> : undefined}
        data-autofocus
      />
      {count > 0 && (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={t('physicianModal.results')}
          className={classes.results}
        >
          {options.map((p, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search box drives the options by keyboard
            <div
              key={p.userId}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={state.selected?.userId === p.userId}
              data-active={i === active || undefined}
              className={classes.option}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setActive(i);
                state.choose(p);
              }}
            >
              <span>{physicianLabel(p)}</span>
              {pinned && i === 0 ? (
                <span className={classes.pinned}>{t('physicianModal.pinned')}</span>
              ) : (
                p.specialty && <span className={classes.specialty}>{p.specialty}</span>
              )}
            </div>
          ))}
        </div>
      )}
      <Text size="xs" c="dimmed" aria-live="polite" mih={18} mt={2}>
        {status}
      </Text>
    </div>
  );
}
