/**
 * IP access rules: an access policy that only admits logins from an office network, and a local
 * model of how the server evaluates the rules, for reviewing a rule list before saving it.
 */
import type { MedplumClient } from '@medplum/core';
import type { AccessPolicy, AccessPolicyIpAccessRule } from '@medplum/fhirtypes';

// #region office-only
/**
 * Allow the office NAT address and the VPN range, block everything else. Rules are checked in
 * order and the first match decides, so the catch-all block must come last.
 */
export const officeOnlyPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Clinicians (office network only)',
  resource: [{ resourceType: 'Patient' }, { resourceType: 'Observation' }],
  ipAccessRule: [
    { name: 'Office NAT', value: '203.0.113.10', action: 'allow' },
    { name: 'VPN pool 10.20.x.x', value: '10.20.', action: 'allow' },
    { name: 'Everyone else', value: '*', action: 'block' },
  ],
};

export async function saveOfficeOnlyPolicy(medplum: MedplumClient): Promise<AccessPolicy> {
  return medplum.createResource(officeOnlyPolicy);
}
// #endregion office-only

// #region evaluate
export type IpDecision = { outcome: 'allow' | 'block'; rule: AccessPolicyIpAccessRule } | { outcome: 'no-match' };

/**
 * Mirrors the server's check: a rule matches when its value is `*`, equals the address, or is a
 * prefix of the address (plain string prefix, not CIDR). The first matching rule decides; when
 * none matches, the login is let through.
 */
export function evaluateIpRules(rules: AccessPolicyIpAccessRule[], remoteAddress: string): IpDecision {
  for (const rule of rules) {
    const matches = rule.value === '*' || rule.value === remoteAddress || remoteAddress.startsWith(rule.value);
    if (matches) {
      return { outcome: rule.action, rule };
    }
  }
  return { outcome: 'no-match' };
}
// #endregion evaluate
