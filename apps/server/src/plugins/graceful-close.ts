import fp from 'fastify-plugin';

/**
 * While closing (SIGTERM), requests in flight still finish, but their connections are not kept alive
 * for more: the client's next request goes to another instance.
 */
export const gracefulClosePlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'graceful-close' },
);
