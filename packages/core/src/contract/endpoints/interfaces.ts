import { endpoint } from '../endpoint.js';
import {
  InterfaceMessageActionSchema,
  InterfaceMessageParamsSchema,
  InterfaceMessageRowSchema,
  InterfaceMessageSchema,
  InterfaceMessagesQuerySchema,
  InterfaceMessagesSchema,
} from '../interfaceLog.js';

const tags = ['interfaces'];

/** The Interfaces screen (issue 44): the HL7 v2 message log, one message, Resend, Mark handled. */
export const INTERFACES = {
  list: endpoint({
    method: 'GET',
    path: '/api/interfaces/messages',
    tags,
    query: InterfaceMessagesQuerySchema,
    answer: InterfaceMessagesSchema,
  }),
  message: endpoint({
    method: 'GET',
    path: '/api/interfaces/messages/{messageId}',
    tags,
    params: InterfaceMessageParamsSchema,
    answer: InterfaceMessageSchema,
  }),
  /** Applies a failed inbound message again, or sends a failed outbound one again. */
  resend: endpoint({
    method: 'POST',
    path: '/api/interfaces/messages/resend',
    tags,
    body: InterfaceMessageActionSchema,
    answer: InterfaceMessageRowSchema,
  }),
  /** A failed message dealt with by hand: it leaves the failed filter. */
  markHandled: endpoint({
    method: 'POST',
    path: '/api/interfaces/messages/handled',
    tags,
    body: InterfaceMessageActionSchema,
    answer: InterfaceMessageRowSchema,
  }),
};
