/**
 * Recordings for the unit tests of the HTTP tabs and of the server-recording checks: one signed-in
 * `GET` answered `200` by a Medplum 5.1.12 server (serverGet), the shape they build on, most often
 * a read of one Patient (serverPatientRead).
 */
import type { RegionRecording } from '../../plugins/markdown/remark-example-code/http-recordings';

/** One signed-in `GET path` (a read or a search) that a 5.1.12 server answered `200` with `body`. */
export function serverGet(path: string, body: Record<string, unknown>, test = 't'): RegionRecording {
  return {
    test,
    omitted: 0,
    requests: [
      {
        method: 'GET',
        path,
        headers: [],
        auth: 'bearer',
        response: { mock: false, server: '5.1.12', status: 200, body },
      },
    ],
  };
}

/** `GET fhir/R4/Patient/<id>`, answered with the Patient `id` and the fields of `body`. */
export function serverPatientRead(
  id: string,
  body: Record<string, unknown>,
  test = 'tests/unit/examples/x.test.ts > reads a patient',
): RegionRecording {
  return serverGet(`fhir/R4/Patient/${id}`, { resourceType: 'Patient', id, ...body }, test);
}
