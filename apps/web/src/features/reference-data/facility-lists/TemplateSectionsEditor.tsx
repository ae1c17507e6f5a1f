import {
  Button,
  Fieldset,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { SECTIONS, type SectionKey } from '@quill/core/rules/documents/cdaCatalogue';
import { TEMPLATE_LIMITS, type TemplateSection } from '@quill/core/rules/documents/documentTemplates';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A section of the draft: a key of its own, so a moved section keeps its fields and focus. */
export interface DraftSection extends TemplateSection {
  key: number;
}

let nextKey = 0;
/** A draft section of a template's section (or a blank custom one). */
export const draftSection = (s: TemplateSection = { code: '', title: '', text: '' }): DraftSection => ({
  ...s,
  key: ++nextKey,
});

const CUSTOM = 'custom';
type Control = 'up' | 'down' | 'remove' | 'code' | 'title';

/**
 * The ordered sections of a work type's template (issue 27): each its LOINC code, title and
 * boilerplate text, with Up, Down and Remove buttons named after the section; below, a section of
 * the C-CDA catalogue (or a custom one) to add. After a move the focus stays on the button pressed
 * (the other one at the top or bottom) and a screen reader hears where the section went, so the
 * sections are ordered from the keyboard alone.
 */
export function TemplateSectionsEditor({
  sections,
  onChange,
}: {
  sections: DraftSection[];
  onChange: (next: DraftSection[]) => void;
}) {
  const { t } = useTranslation();
  const k = 'transcribe.templates';
  const [toAdd, setToAdd] = useState<string>(CUSTOM);
  const [said, setSaid] = useState('');
  const controls = useRef(new Map<string, HTMLElement | null>());
  const focusNext = useRef<{ key: number; control: Control } | null>(null);
  const addSelect = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const want = focusNext.current;
    if (!want) return;
    focusNext.current = null;
    const el = controls.current.get(`${want.key}:${want.control}`);
    if (el) el.focus();
    else addSelect.current?.focus();
  });

  const refOf = (key: number, control: Control) => (el: HTMLElement | null) => {
    controls.current.set(`${key}:${control}`, el);
  };
  const used = new Set(sections.map((s) => s.code));
  const options = [
    { value: CUSTOM, label: t(`${k}.customSection`) },
    ...(Object.entries(SECTIONS) as [SectionKey, (typeof SECTIONS)[SectionKey]][])
      .filter(([, s]) => !used.has(s.code))
      .map(([key, s]) => ({ value: key, label: `${s.title} (${s.code})` })),
  ];
  const set = (i: number, patch: Partial<TemplateSection>) =>
    onChange(sections.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) => {
    const to = i + by;
    const moved = sections[i]!;
    const next = [...sections];
    next.splice(i, 1);
    next.splice(to, 0, moved);
    const edge = to === 0 || to === next.length - 1;
    focusNext.current = { key: moved.key, control: edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down' };
    setSaid(t(`${k}.moved`, { title: moved.title || moved.code, n: String(to + 1) }));
    onChange(next);
  };
  const remove = (i: number) => {
    const after = sections[i + 1] ?? sections[i - 1];
    // The next section's Remove button, else the section to add.
    focusNext.current = { key: after?.key ?? -1, control: 'remove' };
    onChange(sections.filter((_, j) => j !== i));
  };
  const add = () => {
    const catalogue = toAdd === CUSTOM ? undefined : SECTIONS[toAdd as SectionKey];
    const added = draftSection(catalogue && { code: catalogue.code, title: catalogue.title, text: '' });
    focusNext.current = { key: added.key, control: catalogue ? 'title' : 'code' };
    setToAdd(CUSTOM);
    onChange([...sections, added]);
  };

  return (
    <Fieldset legend={t(`${k}.sections`)}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`${k}.sectionsDescription`)}
        </Text>
        {sections.map((s, i) => {
          const n = String(i + 1);
          const named = { n, title: s.title || s.code };
          return (
            <Fieldset key={s.key} legend={t(`${k}.section`, { n })} data-section={s.code}>
              <Stack gap="xs">
                <Group grow align="flex-start">
                  <TextInput
                    ref={refOf(s.key, 'code')}
                    label={t(`${k}.sectionCode`)}
                    value={s.code}
                    maxLength={16}
                    onChange={(e) => set(i, { code: e.currentTarget.value })}
                  />
                  <TextInput
                    ref={refOf(s.key, 'title')}
                    label={t(`${k}.sectionTitle`)}
                    value={s.title}
                    maxLength={TEMPLATE_LIMITS.maxTitle}
                    onChange={(e) => set(i, { title: e.currentTarget.value })}
                  />
                </Group>
                <Textarea
                  label={t(`${k}.sectionText`)}
                  description={t(`${k}.sectionTextDescription`)}
                  value={s.text}
                  minRows={2}
                  maxLength={TEMPLATE_LIMITS.maxText}
                  onChange={(e) => set(i, { text: e.currentTarget.value })}
                />
                <Group gap={4} justify="flex-end">
                  <Button
                    ref={refOf(s.key, 'up')}
                    size="compact-sm"
                    variant="default"
                    disabled={i === 0}
                    aria-label={t(`${k}.moveUpLabel`, named)}
                    onClick={() => move(i, -1)}
                  >
                    {t(`${k}.moveUp`)}
                  </Button>
                  <Button
                    ref={refOf(s.key, 'down')}
                    size="compact-sm"
                    variant="default"
                    disabled={i === sections.length - 1}
                    aria-label={t(`${k}.moveDownLabel`, named)}
                    onClick={() => move(i, 1)}
                  >
                    {t(`${k}.moveDown`)}
                  </Button>
                  <Button
                    ref={refOf(s.key, 'remove')}
                    size="compact-sm"
                    variant="default"
                    color="red.9"
                    aria-label={t(`${k}.removeLabel`, named)}
                    onClick={() => remove(i)}
                  >
                    {t(`${k}.remove`)}
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        {sections.length < TEMPLATE_LIMITS.maxSections && (
          <Group align="flex-end" wrap="nowrap">
            <Select
              ref={addSelect}
              label={t(`${k}.sectionToAdd`)}
              data={options}
              value={toAdd}
              allowDeselect={false}
              searchable
              onChange={(v) => setToAdd(v ?? CUSTOM)}
              style={{ flex: 1 }}
            />
            <Button variant="default" onClick={add}>
              {t(`${k}.addSection`)}
            </Button>
          </Group>
        )}
        <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
      </Stack>
    </Fieldset>
  );
}
