/**
 * The navbar's logo link: the theme's own, with the mark drawn inline (src/components/LogoMark)
 * instead of two `<img>` of logo.svg, one per colour mode (the mark is the same in both).
 * The link, its target and the title are the theme's, from `themeConfig.navbar`.
 */
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useThemeConfig } from '@docusaurus/theme-common';
import type { Props } from '@theme/Logo';
import LogoMark from '../../components/LogoMark';

export default function Logo(props: Props): ReactNode {
  const {
    siteConfig: { title },
  } = useDocusaurusContext();
  const {
    navbar: { title: navbarTitle, logo },
  } = useThemeConfig();
  const { imageClassName, titleClassName, ...rest } = props;
  const logoLink = useBaseUrl(logo?.href || '/');
  // With a visible title beside it, the mark is decorative unless the config names it.
  const label = logo?.alt ?? (navbarTitle ? '' : title);
  return (
    <Link to={logoLink} {...rest} {...(logo?.target && { target: logo.target })}>
      {logo && (
        <div className={imageClassName}>
          <LogoMark label={label || undefined} />
        </div>
      )}
      {navbarTitle != null && <b className={titleClassName}>{navbarTitle}</b>}
    </Link>
  );
}
