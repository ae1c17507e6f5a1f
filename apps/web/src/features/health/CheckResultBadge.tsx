import { Badge, Box, Group, Text } from '@mantine/core';
import type { HealthCheckResult } from '@quill/core/contract/health';
import { useTranslation } from 'react-i18next';

/*
 * Badge colours chosen for WCAG AA contrast with white text at badge size (Mantine's default
 * green filled is 2.4:1): #237032 is 6.1:1, red.9 (#c92a2a) 5.5:1.
 */
const PASS_COLOR = '#237032';
const FAIL_COLOR = 'red.9';

/** A badge as wide as its words: never cut to "PA…" by a narrow column. */
const WHOLE = { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } as const;

/**
 * A required check: Pass (green) or Fail (red). An optional tool: "Found" (green) or a neutral
 * "Not found (optional)", as the README describes them.
 */
export function CheckResultBadge({ result, required }: Pick<HealthCheckResult, 'result' | 'required'>) {
  const { t } = useTranslation();
  if (result)
    return (
      <Badge color={PASS_COLOR} variant="filled" radius="sm" styles={WHOLE}>
        {required ? t('health.pass') : t('health.optionalFound')}
      </Badge>
    );
  if (required)
    return (
      <Badge color={FAIL_COLOR} variant="filled" radius="sm" styles={WHOLE}>
        {t('health.fail')}
      </Badge>
    );
  return (
    <Badge color="gray.7" variant="outline" radius="sm" styles={WHOLE}>
      {t('health.optionalMissing')}
    </Badge>
  );
}

/** The overall state: every required check passed, or not (a coloured dot and words, not colour alone). */
export function OverallStatus({ passed }: { passed: boolean }) {
  const { t } = useTranslation();
  const color = passed ? PASS_COLOR : 'var(--mantine-color-red-9)';
  return (
    <Group gap={8} wrap="nowrap" data-testid="health-overall">
      <Box
        aria-hidden="true"
        style={{ width: 10, height: 10, borderRadius: '50%', background: color, flex: 'none' }}
      />
      <Text component="span" fw={700} style={{ color }}>
        {passed ? t('health.allPassed') : t('health.someFailed')}
      </Text>
    </Group>
  );
}
