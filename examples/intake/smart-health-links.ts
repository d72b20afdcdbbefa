/**
 * One way to offer SMART Health Links on Medplum (which has no built-in endpoint for them): the
 * shared data is encrypted in the browser or bot with a key that only the link carries, the
 * ciphertext is a Binary, a DocumentReference records the link's id, passcode hash, expiry and
 * attempts, and a bot behind a small public proxy answers manifest requests.
 *
 * What the SHL specification fixes: the shlink:/ payload (url, key, exp, flag, label), the manifest
 * request and response, the 401 with remainingAttempts, and JWE with alg dir / enc A256GCM. Every
 * storage and naming choice here (resource types, extension URLs, identifier system) is our design.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { Bundle, DocumentReference, Extension, Patient, Resource } from '@medplum/fhirtypes';

// #region encoding
const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(Buffer.from(text, 'base64url'));
const utf8 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(new TextEncoder().encode(text));

/** 32 random bytes, base64url-encoded: 43 characters. Used for the key and for the link id. */
export function randomToken(): string {
  return b64url(crypto.getRandomValues(new Uint8Array(32)));
}
// #endregion encoding

// #region jwe
/** Compact JWE with direct AES-256-GCM encryption, as SMART Health Links require. */
export async function encryptJwe(plaintext: string, key: string, contentType: string): Promise<string> {
  const header = b64url(utf8(JSON.stringify({ alg: 'dir', enc: 'A256GCM', cty: contentType })));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const aesKey = await crypto.subtle.importKey('raw', fromB64url(key), 'AES-GCM', false, ['encrypt']);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: utf8(header), tagLength: 128 },
      aesKey,
      utf8(plaintext),
    ),
  );
  // Web Crypto appends the 16-byte tag to the ciphertext; JWE keeps them in separate parts.
  const ciphertext = sealed.slice(0, sealed.length - 16);
  const tag = sealed.slice(sealed.length - 16);
  // The encrypted-key part is empty with alg "dir".
  return `${header}..${b64url(iv)}.${b64url(ciphertext)}.${b64url(tag)}`;
}

/** What a receiving app does with a downloaded file and the key from the link. */
export async function decryptJwe(jwe: string, key: string): Promise<string> {
  const [header, encryptedKey, iv, ciphertext, tag] = jwe.split('.');
  if (encryptedKey !== '' || JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'dir') {
    throw new Error('Not a direct-encryption JWE');
  }
  const aesKey = await crypto.subtle.importKey('raw', fromB64url(key), 'AES-GCM', false, ['decrypt']);
  const sealed = new Uint8Array([...fromB64url(ciphertext), ...fromB64url(tag)]);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromB64url(iv), additionalData: utf8(header), tagLength: 128 },
    aesKey,
    sealed,
  );
  return new TextDecoder().decode(plain);
}
// #endregion jwe

// #region record
export const SHL_ID_SYSTEM = 'https://example.org/fhir/smart-health-link-id';
export const EXT_PASSCODE = 'https://example.org/fhir/StructureDefinition/shl-passcode-hash';
export const EXT_EXPIRES = 'https://example.org/fhir/StructureDefinition/shl-expires';
export const EXT_ATTEMPTS = 'https://example.org/fhir/StructureDefinition/shl-remaining-attempts';

/** PBKDF2-SHA-256 hash of the passcode, stored as `salt.hash`; the passcode itself is never stored. */
export async function hashPasscode(passcode: string, salt: string = randomToken()): Promise<string> {
  const material = await crypto.subtle.importKey('raw', utf8(passcode), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromB64url(salt), iterations: 100_000 },
    material,
    256,
  );
  return `${salt}.${b64url(new Uint8Array(bits))}`;
}

/** The patient's data to share: demographics, allergies and problems as a collection Bundle. */
export async function summaryBundle(medplum: MedplumClient, patient: Patient): Promise<Bundle> {
  const subject = getReferenceString(patient);
  const resources: Resource[] = [
    patient,
    ...(await medplum.searchResources('AllergyIntolerance', { patient: subject })),
    ...(await medplum.searchResources('Condition', { subject })),
  ];
  return { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) };
}

export interface LinkOptions {
  /** Public address of the manifest proxy, e.g. https://shl.example.org/m */
  manifestBase: string;
  label?: string;
  passcode?: string;
  expiresAt?: Date;
  maxAttempts?: number;
}

/**
 * Encrypts the bundle, stores the ciphertext and the link's record, and returns the shlink:/ URI.
 * The key goes only into the URI; Medplum never holds it, so it cannot read the stored file.
 */
export async function createSmartHealthLink(
  medplum: MedplumClient,
  patient: Patient,
  bundle: Bundle,
  options: LinkOptions,
): Promise<{ uri: string; record: DocumentReference }> {
  const key = randomToken();
  const id = randomToken();
  const jwe = await encryptJwe(JSON.stringify(bundle), key, 'application/fhir+json');
  const binary = await medplum.createBinary({
    data: jwe,
    contentType: 'application/jose',
    securityContext: createReference(patient),
  });

  const extension: Extension[] = [];
  if (options.passcode) {
    extension.push({ url: EXT_PASSCODE, valueString: await hashPasscode(options.passcode) });
    extension.push({ url: EXT_ATTEMPTS, valueInteger: options.maxAttempts ?? 5 });
  }
  if (options.expiresAt) {
    extension.push({ url: EXT_EXPIRES, valueDateTime: options.expiresAt.toISOString() });
  }
  const record = await medplum.createResource<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    identifier: [{ system: SHL_ID_SYSTEM, value: id }],
    subject: createReference(patient),
    type: { text: 'SMART Health Link' },
    description: options.label,
    date: new Date().toISOString(),
    content: [{ attachment: { contentType: 'application/jose', url: getReferenceString(binary) } }],
    extension: extension.length ? extension : undefined,
  });

  const payload = {
    url: `${options.manifestBase}/${id}`,
    key,
    exp: options.expiresAt ? Math.floor(options.expiresAt.getTime() / 1000) : undefined,
    flag: options.passcode ? 'P' : undefined,
    label: options.label,
  };
  return { uri: `shlink:/${b64url(utf8(JSON.stringify(payload)))}`, record };
}

/** Decodes a shlink:/ URI (with or without a viewer prefix ending in #). */
export function parseShlink(uri: string): { url: string; key: string; exp?: number; flag?: string; label?: string } {
  const payload = uri.slice(uri.indexOf('shlink:/') + 'shlink:/'.length);
  return JSON.parse(Buffer.from(payload, 'base64url').toString());
}

/** Stops a link: later manifest requests get 404. */
export async function revokeSmartHealthLink(
  medplum: MedplumClient,
  record: DocumentReference,
): Promise<DocumentReference> {
  return medplum.updateResource<DocumentReference>({ ...record, status: 'superseded' });
}
// #endregion record

// #region manifest
/** The SHL manifest request body, plus the link id that the proxy takes from the URL path. */
export interface ManifestRequest {
  shlId: string;
  recipient: string;
  passcode?: string;
  embeddedLengthMax?: number;
}

export type ManifestReply =
  | { status: 200; body: { files: { contentType: string; embedded: string }[] } }
  | { status: 401; body: { remainingAttempts: number } }
  | { status: 404; body: { error: string } };

type CiphertextReader = (medplum: MedplumClient, url: string) => Promise<string>;
const downloadText: CiphertextReader = async (medplum, url) => (await medplum.download(url)).text();

const ext = (record: DocumentReference, url: string): Extension | undefined =>
  record.extension?.find((e) => e.url === url);

/** Checks the link and the passcode and answers with the encrypted file embedded in the manifest. */
export async function serveManifest(
  medplum: MedplumClient,
  request: ManifestRequest,
  readCiphertext: CiphertextReader = downloadText,
): Promise<ManifestReply> {
  const gone = { status: 404 as const, body: { error: 'No such link' } };
  const record = await medplum.searchOne(
    'DocumentReference',
    { identifier: `${SHL_ID_SYSTEM}|${request.shlId}` },
    { cache: 'no-cache' },
  );
  if (record?.status !== 'current') {
    return gone;
  }
  const expires = ext(record, EXT_EXPIRES)?.valueDateTime;
  if (expires && new Date(expires) < new Date()) {
    return gone;
  }
  const stored = ext(record, EXT_PASSCODE)?.valueString;
  if (stored) {
    const attempts = ext(record, EXT_ATTEMPTS)?.valueInteger ?? 0;
    if (attempts <= 0) {
      return gone;
    }
    const [salt] = stored.split('.');
    if (!request.passcode || (await hashPasscode(request.passcode, salt)) !== stored) {
      const remaining = attempts - 1;
      await medplum.updateResource<DocumentReference>({
        ...record,
        extension: record.extension?.map((e) =>
          e.url === EXT_ATTEMPTS ? { url: EXT_ATTEMPTS, valueInteger: remaining } : e,
        ),
      });
      return { status: 401, body: { remainingAttempts: remaining } };
    }
  }
  const jwe = await readCiphertext(medplum, record.content[0].attachment.url as string);
  return { status: 200, body: { files: [{ contentType: 'application/fhir+json', embedded: jwe }] } };
}

/** Bot handler behind the public webhook; the proxy turns `status` into the HTTP status. */
export async function handler(medplum: MedplumClient, event: BotEvent<ManifestRequest>): Promise<ManifestReply> {
  const input = event.input;
  if (!input?.shlId || !input.recipient) {
    return { status: 404, body: { error: 'Missing link id or recipient' } };
  }
  return serveManifest(medplum, input);
}
// #endregion manifest
