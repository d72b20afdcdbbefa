/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The Mantine 8 set-up that @medplum/react 5.2 expects: a theme made with createTheme, the
 * providers, and the notifications host that Medplum components report to. The stylesheet imports
 * live in mantine-entry.tsx, since Node (which renders this file in tests) cannot load CSS.
 */
import { Button, createTheme, Group, MantineProvider, Stack, Switch, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { MedplumClient } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import { HumanNameDisplay, MedplumProvider } from '@medplum/react';
import type { JSX, ReactNode } from 'react';

// #region theme
/**
 * Mantine 7 and 8 build the theme with createTheme; there is no emotion theme object any more.
 * Default props per component go under `components`, which is also where 8.x changes of default
 * behaviour are undone during an upgrade.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  fontSizes: { xs: '0.6875rem', sm: '0.875rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  components: {
    // 8.x draws a checked-state indicator in the Switch thumb; false keeps the 7.x look.
    Switch: Switch.extend({ defaultProps: { withThumbIndicator: false } }),
  },
});
// #endregion theme

// #region shell
export interface ShellProps {
  readonly medplum: MedplumClient;
  /** Called by Medplum components that link somewhere; wire it to your router. */
  readonly navigate?: (path: string) => void;
  readonly children: ReactNode;
}

/** Both providers once, at the root, and one <Notifications /> host for the whole app. */
export function Shell({ medplum, navigate, children }: ShellProps): JSX.Element {
  return (
    <MedplumProvider medplum={medplum} navigate={navigate}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="bottom-right" />
        {children}
      </MantineProvider>
    </MedplumProvider>
  );
}
// #endregion shell

// #region upgraded-component
/** A component written against the 7/8 API: gap instead of spacing, leftSection instead of leftIcon, fw instead of weight. */
export function PatientBanner({ patient, onOpen }: { patient: Patient; onOpen: () => void }): JSX.Element {
  return (
    <Group justify="space-between" gap="md">
      <Stack gap={2}>
        <Text fw={700}>
          <HumanNameDisplay value={patient.name?.[0]} />
        </Text>
        <Text size="sm" c="dimmed">
          {patient.birthDate ?? 'Birth date unknown'}
        </Text>
      </Stack>
      <Switch label="Follow in viewer" defaultChecked />
      <Button variant="light" leftSection={<span aria-hidden="true">+</span>} onClick={onOpen}>
        Open chart
      </Button>
    </Group>
  );
}
// #endregion upgraded-component
