/**
 * Runs the multilingual-content examples: the translated PHQ-2 validates and round-trips through
 * MockClient (and a real server, which keeps the extensions and searches the primary text only),
 * localizing picks exact tags, then primary languages, and the language choice follows the
 * patient's preference.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Patient, Questionnaire } from '@medplum/fhirtypes';
import {
  findByTitle,
  localizeQuestionnaire,
  phq2,
  pickLanguage,
  saveQuestionnaire,
  translated,
  translation,
  TRANSLATION,
} from '../../../examples/access/multilingual-content';
import { mockWithSearch } from './mock-with-search';

const spanishSpeaker: Patient = {
  resourceType: 'Patient',
  communication: [
    { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'en', display: 'English' }] } },
    { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es', display: 'Spanish' }] }, preferred: true },
  ],
};

describe('access/multilingual-content', () => {
  test('the translated questionnaire is valid FHIR, translations sitting in _title, _text and _display', () => {
    mockWithSearch(); // loads the full definitions that validateResource checks against
    assert.doesNotThrow(() => validateResource(phq2));
    const json = JSON.parse(JSON.stringify(phq2));
    assert.equal(json._title.extension[0].url, TRANSLATION);
    assert.deepEqual(json.item[0]._text.extension[0].extension, [
      { url: 'lang', valueCode: 'es' },
      { url: 'content', valueString: 'Poco interés o placer en hacer cosas' },
    ]);
    assert.equal(
      json.item[1].answerOption[3].valueCoding._display.extension[0].extension[1].valueString,
      'Casi todos los días',
    );
  });

  test('translated() prefers the exact tag, then the primary language', () => {
    const element = {
      extension: [translation('es', 'Hola'), translation('es-MX', 'Qué onda'), translation('fr', 'Salut')],
    };
    assert.equal(translated(element, 'es-MX'), 'Qué onda');
    assert.equal(translated(element, 'es-AR'), 'Hola');
    assert.equal(translated(element, 'FR'), 'Salut');
    assert.equal(translated(element, 'de'), undefined);
    assert.equal(translated(undefined, 'es'), undefined);
  });

  test('localizeQuestionnaire swaps texts and displays, keeps codes, and sets language only when it translated', () => {
    const es = localizeQuestionnaire(phq2, 'es-MX');
    assert.equal(es.language, 'es-MX');
    assert.equal(es.title, 'Detección de depresión (PHQ-2)');
    assert.deepEqual(
      es.item?.map((i) => [i.linkId, i.code?.[0].code, i.text]),
      [
        ['q1', '44250-9', 'Poco interés o placer en hacer cosas'],
        ['q2', '44255-8', 'Se ha sentido decaído, deprimido o sin esperanza'],
      ],
    );
    assert.deepEqual(
      es.item?.[0].answerOption?.map((o) => [o.valueCoding?.code, o.valueCoding?.display]),
      [
        ['LA6568-5', 'Ningún día'],
        ['LA6569-3', 'Varios días'],
        ['LA6570-1', 'Más de la mitad de los días'],
        ['LA6571-9', 'Casi todos los días'],
      ],
    );
    assert.equal(phq2.title, 'Depression screening (PHQ-2)', 'the original is not changed');
    const de = localizeQuestionnaire(phq2, 'de');
    assert.equal(de.language, 'en');
    assert.equal(de.item?.[0].text, 'Little interest or pleasure in doing things');
  });

  test('pickLanguage: preferred communication language, then others, then the device, then the fallback', () => {
    assert.equal(pickLanguage(spanishSpeaker, ['en', 'es']), 'es');
    assert.equal(pickLanguage(spanishSpeaker, ['en', 'fr']), 'en');
    assert.equal(pickLanguage({ resourceType: 'Patient' }, ['en', 'es'], ['es-419', 'en-US']), 'es');
    assert.equal(pickLanguage(undefined, ['en', 'es'], ['de-DE']), 'en');
    assert.equal(pickLanguage(undefined, ['en', 'es'], [], 'es'), 'es');
  });

  test('the questionnaire is stored with its translations; a title search matches the primary text only', async () => {
    const medplum = mockWithSearch();
    const saved = await saveQuestionnaire(medplum, phq2);
    const again = await saveQuestionnaire(medplum, phq2);
    assert.equal(again.id, saved.id);
    const stored = (await medplum.readResource('Questionnaire', saved.id as string, {
      cache: 'no-cache',
    })) as Questionnaire & Record<string, unknown>;
    assert.deepEqual(stored._title, (phq2 as Questionnaire & Record<string, unknown>)._title);
    assert.equal(
      localizeQuestionnaire(stored, 'es').item?.[1].answerOption?.[2].valueCoding?.display,
      'Más de la mitad de los días',
    );
    assert.deepEqual(
      (await findByTitle(medplum, 'Depression screening')).map((q) => q.id),
      [saved.id],
    );
    assert.deepEqual(
      (await findByTitle(medplum, 'Detección de depresión')).map((q) => q.id),
      [],
    );
  });
});
