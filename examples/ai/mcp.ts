// #region call-tool
/**
 * Calls the `fhir-request` tool of a Medplum server's MCP endpoint over Streamable HTTP: one
 * JSON-RPC message per POST, authenticated with an ordinary Medplum access token. The server
 * answers with a one-event `text/event-stream` carrying the JSON-RPC reply; a plain JSON body is
 * read as well, so the helper keeps working with a transport set to answer in JSON. The tool's
 * result is the FHIR response as text.
 */
export async function mcpFhirRequest(
  fetchImpl: typeof fetch,
  baseUrl: string,
  accessToken: string,
  request: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown },
): Promise<unknown> {
  const response = await fetchImpl(new URL('mcp/stream', baseUrl), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'fhir-request', arguments: request },
    }),
  });
  const message = await readMcpMessage(response);
  if ('error' in message) {
    throw new Error(`MCP error ${message.error.code}: ${message.error.message}`);
  }
  const [first] = message.result.content;
  if (message.result.isError) {
    throw new Error(`fhir-request failed: ${first?.text ?? 'no detail'}`);
  }
  return first ? JSON.parse(first.text) : undefined;
}

/** Reads a JSON-RPC answer from a JSON body, or from the last `data:` line of an event stream. */
export async function readMcpMessage(response: Response): Promise<McpResponse> {
  const text = await response.text();
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    const data = text
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice('data:'.length).trim());
    if (!data.length) {
      throw new Error('MCP event stream carried no message');
    }
    return JSON.parse(data[data.length - 1]) as McpResponse;
  }
  return JSON.parse(text) as McpResponse;
}

type McpResponse =
  | { jsonrpc: '2.0'; id: number; result: { content: { type: 'text'; text: string }[]; isError?: boolean } }
  | { jsonrpc: '2.0'; id: number | null; error: { code: number; message: string } };
// #endregion call-tool
