/**
 * The navbar's light / dark / system switch, never disabled.
 *
 * The theme's own switch is `disabled` until React has hydrated. Built pages start their app on
 * the reader's first action (plugins/bundle/boot-on-intent), and a disabled button receives no click,
 * so a press on it before the app runs would do nothing at all. Enabled, the press starts the
 * app, is held while it starts, and is replayed as a click that switches the mode.
 *
 * Same order as the theme: with `respectPrefersColorScheme`, system -> light -> dark -> system;
 * without, light <-> dark. The icon for the current choice is picked by CSS from the
 * `data-theme-choice` attribute the theme's inline script sets, so it is right before any
 * script of the app runs.
 */
import React, { memo } from 'react';
import clsx from 'clsx';
import type { ColorMode } from '@docusaurus/theme-common';
import type { Props } from '@theme/ColorModeToggle';
import IconDarkMode from '@theme/Icon/DarkMode';
import IconLightMode from '@theme/Icon/LightMode';
import IconSystemColorMode from '@theme/Icon/SystemColorMode';
import styles from './styles.module.css';

function nextMode(mode: ColorMode | null, respectPrefersColorScheme: boolean): ColorMode | null {
  if (!respectPrefersColorScheme) return mode === 'dark' ? 'light' : 'dark';
  if (mode === null) return 'light';
  return mode === 'light' ? 'dark' : null;
}

const modeName = (mode: ColorMode | null): string => `${mode ?? 'system'} mode`;

function ColorModeToggle({ className, buttonClassName, respectPrefersColorScheme, value, onChange }: Props) {
  return (
    <div className={clsx(styles.toggle, className)}>
      <button
        type="button"
        className={clsx('clean-btn', styles.button, buttonClassName)}
        onClick={() => onChange(nextMode(value, respectPrefersColorScheme))}
        title={modeName(value)}
        aria-label={`Switch between dark and light mode (currently ${modeName(value)})`}
      >
        <IconLightMode aria-hidden className={clsx(styles.icon, styles.light)} />
        <IconDarkMode aria-hidden className={clsx(styles.icon, styles.dark)} />
        <IconSystemColorMode aria-hidden className={clsx(styles.icon, styles.system)} />
      </button>
    </div>
  );
}

export default memo(ColorModeToggle);
