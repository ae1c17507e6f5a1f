import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { getInterfaceMessage } from '../../interop/messages/getInterfaceMessage.js';
import { listInterfaceMessages } from '../../interop/messages/listInterfaceMessages.js';
import { markInterfaceMessageHandled } from '../../interop/messages/markInterfaceMessageHandled.js';
import { resendInterfaceMessage } from '../../interop/messages/resendInterfaceMessage.js';

/**
 * The Interfaces screen (issue 44): the HL7 v2 message log. Patient data arrives through the
 * interfaces as it does through the patient-data upload, so the screen takes the upload's
 * permission (adtUpload, spec 01 §6 "Upload ▸ Patient").
 */
export const interfaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { interfaces } = ENDPOINTS;
    const gate = { preHandler: requirePermission('adtUpload', message('interfaces.noPermission')) };
    serve(app, interfaces.list, gate, async (req) => listInterfaceMessages(ctx, authOf(req), req.query));
    serve(app, interfaces.message, gate, async (req) =>
      getInterfaceMessage(ctx, authOf(req), req.params.messageId, req.ip),
    );
    serve(app, interfaces.resend, gate, async (req) =>
      resendInterfaceMessage(ctx, authOf(req), req.body.messageId, req.ip),
    );
    serve(app, interfaces.markHandled, gate, async (req) =>
      markInterfaceMessageHandled(ctx, authOf(req), req.body.messageId, req.ip),
    );
  };
