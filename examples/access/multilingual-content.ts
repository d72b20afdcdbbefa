/**
 * Multilingual content with the FHIR translation extension: translations stored next to a
 * primitive value (`_text`, `_title`, `_display`), a Questionnaire localized in the app before it
 * is rendered, and the language chosen from the patient's stated preference.
 */
import type { MedplumClient } from '@medplum/core';
import type { Element, Extension, Patient, Questionnaire, QuestionnaireItem } from '@medplum/fhirtypes';

export const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

// #region translated-questionnaire
/** A translation extension: one language and the text in it. */
export function translation(lang: string, content: string): Extension {
  return {
    url: TRANSLATION,
    extension: [
      { url: 'lang', valueCode: lang },
      { url: 'content', valueString: content },
    ],
  };
}

/**
 * PHQ-2 in English with illustrative Spanish translations (not the validated Spanish PHQ wording;
 * use an instrument's published translation in practice). Each translated primitive gets a sibling
 * with an underscore (`_title` for `title`, `_text` for `text`, `_display` for `display`) holding
 * the translation extensions.
 */
export const phq2 = {
  resourceType: 'Questionnaire',
  status: 'active',
  language: 'en',
  url: 'https://example.org/fhir/Questionnaire/phq-2',
  title: 'Depression screening (PHQ-2)',
  _title: { extension: [translation('es', 'Detección de depresión (PHQ-2)')] },
  item: ['44250-9', '44255-8'].map((code, i) => ({
    linkId: `q${i + 1}`,
    type: 'choice',
    code: [{ system: 'http://loinc.org', code }],
    text: ['Little interest or pleasure in doing things', 'Feeling down, depressed, or hopeless'][i],
    _text: {
      extension: [
        translation(
          'es',
          ['Poco interés o placer en hacer cosas', 'Se ha sentido decaído, deprimido o sin esperanza'][i],
        ),
      ],
    },
    answerOption: [
      ['LA6568-5', 'Not at all', 'Ningún día'],
      ['LA6569-3', 'Several days', 'Varios días'],
      ['LA6570-1', 'More than half the days', 'Más de la mitad de los días'],
      ['LA6571-9', 'Nearly every day', 'Casi todos los días'],
    ].map(([answer, display, es]) => ({
      valueCoding: {
        system: 'http://loinc.org',
        code: answer,
        display,
        _display: { extension: [translation('es', es)] },
      },
    })),
  })),
} as Questionnaire; // @medplum/fhirtypes declares no `_title`, `_text`, `_display` members
// #endregion translated-questionnaire

// #region localize
/** The `_name` sibling of a primitive, where its extensions live. */
function sibling(parent: object | undefined, name: string): Element | undefined {
  return (parent as Record<string, Element | undefined> | undefined)?.[`_${name}`];
}

/**
 * The translation of one primitive for a language tag: an exact match first (`es-MX`), then the
 * same primary language (`es`), else undefined.
 */
export function translated(element: Element | undefined, lang: string): string | undefined {
  const translations = (element?.extension ?? [])
    .filter((e) => e.url === TRANSLATION)
    .map((e) => ({
      lang: e.extension?.find((x) => x.url === 'lang')?.valueCode ?? '',
      content:
        e.extension?.find((x) => x.url === 'content')?.valueString ??
        e.extension?.find((x) => x.url === 'content')?.valueMarkdown,
    }));
  const primary = lang.split('-')[0].toLowerCase();
  return (
    translations.find((t) => t.lang.toLowerCase() === lang.toLowerCase())?.content ??
    translations.find((t) => t.lang.split('-')[0].toLowerCase() === primary)?.content
  );
}

/**
 * A copy of the Questionnaire with title, item texts and answer displays in `lang` where a
 * translation exists, and `language` set. Codes and linkIds are untouched, so responses stay
 * comparable across languages. Render the copy with QuestionnaireForm.
 */
export function localizeQuestionnaire(questionnaire: Questionnaire, lang: string): Questionnaire {
  let found = 0;
  const pick = (parent: object | undefined, name: string, original: string | undefined): string | undefined => {
    const text = translated(sibling(parent, name), lang);
    found += text ? 1 : 0;
    return text ?? original;
  };
  const items = (list: QuestionnaireItem[] | undefined): QuestionnaireItem[] | undefined =>
    list?.map((item) => ({
      ...item,
      text: pick(item, 'text', item.text),
      answerOption: item.answerOption?.map((option) =>
        option.valueCoding
          ? {
              ...option,
              valueCoding: {
                ...option.valueCoding,
                display: pick(option.valueCoding, 'display', option.valueCoding.display),
              },
            }
          : option,
      ),
      item: items(item.item),
    }));
  const localized: Questionnaire = {
    ...questionnaire,
    title: pick(questionnaire, 'title', questionnaire.title),
    item: items(questionnaire.item),
  };
  return found ? { ...localized, language: lang } : localized;
}
// #endregion localize

// #region pick-language
/**
 * The language to show a patient: their preferred `communication` language if the app supports
 * it, then any other language they speak, then the device's languages (in a browser,
 * `navigator.languages`), then the fallback. Tags compare by primary language.
 */
export function pickLanguage(
  patient: Patient | undefined,
  supported: string[],
  deviceLanguages: readonly string[] = [],
  fallback = 'en',
): string {
  const communication = [...(patient?.communication ?? [])].sort(
    (a, b) => Number(b.preferred ?? false) - Number(a.preferred ?? false),
  );
  const candidates = [
    ...communication.flatMap((c) => (c.language.coding ?? []).map((coding) => coding.code ?? '')),
    ...deviceLanguages,
  ];
  for (const tag of candidates) {
    const primary = tag.split('-')[0].toLowerCase();
    const match = supported.find((s) => s.toLowerCase() === tag.toLowerCase() || s.split('-')[0] === primary);
    if (match) {
      return match;
    }
  }
  return fallback;
}
// #endregion pick-language

// #region store
/**
 * Saves the Questionnaire with its translations, once per canonical URL. The server stores the
 * extensions as they are; searches match the primary text only.
 */
export async function saveQuestionnaire(medplum: MedplumClient, questionnaire: Questionnaire): Promise<Questionnaire> {
  return medplum.createResourceIfNoneExist(questionnaire, `url=${questionnaire.url}`);
}

/** Finds questionnaires whose title contains the given words (in the stored primary language). */
export async function findByTitle(medplum: MedplumClient, words: string): Promise<Questionnaire[]> {
  return medplum.searchResources('Questionnaire', { title: words }, { cache: 'no-cache' });
}
// #endregion store
