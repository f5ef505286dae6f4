/** The errors of /ogc: JSON `{code, description}` with the OGC exception code of the status. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientErrorAnswer, serverErrorAnswer } from '../http/errors.ts';
import { JSON_TYPE } from './links.ts';

const OGC_CODES: Record<number, string> = {
  400: 'InvalidParameterValue',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  406: 'NotAcceptable',
};

/** The error handler of /ogc: the status and message of an HttpError or a 4xx, 503 when the database is unavailable, else 500 (logged). */
export function ogcErrorHandler(err: Error, req: FastifyRequest, reply: FastifyReply): void {
  const { status, message: description, headers } = clientErrorAnswer(err) ?? serverErrorAnswer(err, req);
  void reply
    .headers(headers)
    .status(status)
    .type(JSON_TYPE)
    .send({ code: OGC_CODES[status] ?? (status >= 500 ? 'ServerError' : 'Error'), description });
}
