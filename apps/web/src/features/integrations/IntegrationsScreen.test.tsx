import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryAttemptView, IntegrationView } from '@onair/core';
import { stubApi, type StubbedRequest } from '../../test/fixtures.ts';
import { IntegrationsScreen } from './IntegrationsScreen.tsx';

function renderScreen() {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/integrations', Component: IntegrationsScreen }], {
        initialEntries: ['/integrations'],
      })}
    />,
  );
}

const discord: IntegrationView = {
  id: 'int_discord',
  name: 'Our Discord',
  kind: 'discord',
  events: ['show.started'],
  enabled: false,
  settings: { webhookUrl: '••••abcd' },
  pausedReason: 'Discord answered 404: the webhook was deleted.',
  createdAt: '2026-11-25T10:00:00.000Z',
};

const bodyOf = (request: StubbedRequest): unknown => JSON.parse(String(request.init?.body));

describe('IntegrationsScreen', () => {
  it('lists integrations with why one is paused, adds a webhook and shows its secret once, with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const posted: unknown[] = [];
    stubApi({
      'GET /api/integrations': { body: { integrations: [discord] } },
      'POST /api/integrations': (request) => {
        posted.push(bodyOf(request));
        return Response.json(
          {
            id: 'int_hook',
            name: 'Receiver',
            kind: 'webhook',
            events: ['track.changed', 'episode.ready'],
            enabled: true,
            settings: { url: 'https://hooks.example.com/in' },
            pausedReason: null,
            createdAt: '2026-11-25T11:00:00.000Z',
            secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5',
          },
          { status: 201 },
        );
      },
    });
    renderScreen();
    const card = await screen.findByRole('article', { name: 'Our Discord' });
    expect(card).toHaveTextContent('Paused: Discord answered 404: the webhook was deleted.');
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Send test' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add an integration' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Receiver');
    await userEvent.type(screen.getByLabelText('Receiver URL'), 'https://hooks.example.com/in');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Episode ready to listen again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add integration' }));

    const secret = await screen.findByRole('region', { name: 'Signing secret of Receiver' });
    expect(posted).toEqual([
      {
        name: 'Receiver',
        kind: 'webhook',
        events: ['track.changed', 'episode.ready'],
        settings: { url: 'https://hooks.example.com/in' },
      },
    ]);
    expect(secret).toHaveTextContent('whsec_c2VjcmV0LXNpZ25pbmcta2V5');
    await userEvent.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0LXNpZ25pbmcta2V5');
    expect(await within(secret).findByText('Copied.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Receiver' })).toHaveTextContent('Running');

    await userEvent.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('whsec_c2VjcmV0LXNpZ25pbmcta2V5')).not.toBeInTheDocument();
  });

  it("shows the server's refusal next to the field it names, and each kind's own fields", async () => {
    const posted: unknown[] = [];
    stubApi({
      'GET /api/integrations': { body: { integrations: [] } },
      'POST /api/integrations': (request) => {
        posted.push(bodyOf(request));
        return Response.json(
          {
            error:
              'Refused: settings.instanceUrl names a private address (10.0.0.5) that this server may not reach.',
            code: 'integration_url_refused',
          },
          { status: 400 },
        );
      },
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an integration' }));
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Mastodon');
    expect(screen.queryByLabelText('Receiver URL')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Toots');
    await userEvent.type(screen.getByLabelText('Instance URL'), 'https://10.0.0.5');
    await userEvent.type(screen.getByLabelText('Access token'), 'token-123');
    await userEvent.type(screen.getByLabelText('Minutes between track posts'), '10');
    // Braces are typed as themselves: userEvent reads '{{' as one '{'.
    await userEvent.type(screen.getByLabelText('Post text: Track changed'), 'On air: {{title}');
    await userEvent.click(screen.getByRole('button', { name: 'Add integration' }));

    const instance = screen.getByLabelText('Instance URL');
    await vi.waitFor(() => expect(instance).toHaveAttribute('aria-invalid', 'true'));
    expect(instance).toHaveAccessibleDescription(
      expect.stringContaining('settings.instanceUrl names a private address (10.0.0.5)'),
    );
    expect(screen.getByLabelText('Access token')).not.toHaveAttribute('aria-invalid');
    expect(posted).toEqual([
      {
        name: 'Toots',
        kind: 'mastodon',
        events: ['track.changed'],
        settings: {
          instanceUrl: 'https://10.0.0.5',
          accessToken: 'token-123',
          minPostIntervalMinutes: 10,
          templates: { 'track.changed': 'On air: {title}' },
        },
      },
    ]);
  });

  it('sends a test and shows the delivery in the log; deletes only after a confirmation', async () => {
    const hook: IntegrationView = {
      ...discord,
      id: 'int_hook',
      name: 'Receiver',
      kind: 'webhook',
      enabled: true,
      pausedReason: null,
      settings: { url: 'https://hooks.example.com/in', secret: '••••wxyz' },
    };
    const delivered: DeliveryAttemptView = {
      deliveryId: 'msg_1',
      event: 'show.started',
      at: '2026-11-25T11:00:01.000Z',
      status: 200,
      durationMs: 42,
      answer: 'thanks <b>received</b>',
    };
    let tested = false;
    const deleted = vi.fn(() => new Response(null, { status: 204 }));
    stubApi({
      'GET /api/integrations': { body: { integrations: [hook] } },
      'POST /api/integrations/int_hook/test': () => {
        tested = true;
        return Response.json({ deliveryId: 'msg_1' }, { status: 202 });
      },
      'GET /api/integrations/int_hook/deliveries': () =>
        Response.json({ deliveries: tested ? [delivered] : [] }),
      'DELETE /api/integrations/int_hook': deleted,
    });
    renderScreen();
    const card = await screen.findByRole('article', { name: 'Receiver' });
    await userEvent.click(within(card).getByRole('button', { name: 'Send test' }));
    const log = await within(card).findByRole('table', { name: 'Deliveries of Receiver' });
    const row = within(log).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Show started');
    expect(row).toHaveTextContent('200 (delivered)');
    expect(row).toHaveTextContent('42 ms');
    // The receiver's answer is text, never markup.
    expect(row).toHaveTextContent('thanks <b>received</b>');

    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(deleted).not.toHaveBeenCalled();
    await userEvent.click(within(card).getByRole('button', { name: 'Keep it' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Receiver' }));
    expect(await screen.findByText('No integrations yet.')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('asks a listener to sign in as the admin', async () => {
    stubApi({
      'GET /api/integrations': {
        status: 401,
        body: { error: 'Sign in as the admin to manage integrations.', code: 'sign_in_required' },
      },
    });
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign in as the admin to manage integrations.',
    );
    expect(
      screen.getByRole('link', { name: 'Sign in with the Admin link under the schedule' }),
    ).toBeInTheDocument();
  });
});
