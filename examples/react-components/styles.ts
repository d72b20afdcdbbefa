/**
 * The stylesheets @medplum/react needs, imported once at the entry of a bundled app (Vite,
 * webpack, Next.js). Mantine's comes first so that @medplum/react's rules can build on it.
 * Kept apart from providers.tsx because Node cannot import CSS, and the tests run that file.
 */
// #region styles
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@medplum/react/styles.css';
// #endregion styles
