/**
 * Recordings for the unit tests of the HTTP tabs and of the server-recording checks: one
 * `GET fhir/R4/Patient/<id>` answered by a Medplum 5.1.12 server, the shape both build on.
 */
import type { RegionRecording } from '../../plugins/markdown/remark-example-code/http-recordings';

export function serverPatientRead(
  id: string,
  body: Record<string, unknown>,
  test = 'tests/unit/examples/x.test.ts > reads a patient',
): RegionRecording {
  return {
    test,
    omitted: 0,
    requests: [
      {
        method: 'GET',
        path: `fhir/R4/Patient/${id}`,
        headers: [],
        auth: 'bearer',
        response: { mock: false, server: '5.1.12', status: 200, body: { resourceType: 'Patient', id, ...body } },
      },
    ],
  };
}
