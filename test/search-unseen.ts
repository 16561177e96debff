/*
 * A second labelled set for search_tools (issue 37, point 4), over three APIs the first set
 * (test/search-labels.ts) does not cover. Written by a helper session of the project, blind to the
 * ranker — it never read src/discovery/ nor ran a search —, from the operation lists of the three
 * documents (names as the OpenAPI importer gives them), before any measurement. Requests are phrased
 * as a user of the product would say them, not from the operation ids or summaries. A hit is any
 * listed name.
 */
import type { LabelledQuery } from './search-labels.ts';

export const UNSEEN_DOCUMENTS = {
  box: 'box.json',
  pagerduty: 'pagerduty.json',
  twilio: 'twilio-api-v2010.json',
} as const;

export const UNSEEN_QUERIES: Record<keyof typeof UNSEEN_DOCUMENTS, LabelledQuery[]> = {
  box: [
    { query: 'give Dana edit access to the Q3 folder', expected: ['post_collaborations'] },
    {
      query: 'upload the signed contract PDF into the Legal folder',
      expected: ['post_files_content', 'post_files_upload_sessions'],
    },
    {
      query: 'get me a link to this file that I can send to the client',
      expected: ['put_files_id_add_shared_link', 'get_files_id_get_shared_link'],
    },
    { query: 'send this NDA to the vendor for e-signature', expected: ['post_sign_requests'] },
    { query: 'move the old Marketing folder into Archive', expected: ['put_folders_id'] },
    { query: "what's inside the Projects folder", expected: ['get_folders_id_items', 'get_folders_id'] },
    { query: 'download the onboarding deck to my laptop', expected: ['get_files_id_content'] },
    {
      query: "roll the report back to last Tuesday's version",
      expected: ['post_files_id_versions_current'],
    },
    { query: 'I deleted the invoice by mistake, bring it back from the trash', expected: ['post_files_id'] },
    {
      query: 'leave a note on the design mockup saying the logo is too small',
      expected: ['post_comments'],
    },
    {
      query: 'ask Priya to review the draft proposal by Friday',
      expected: ['post_tasks', 'post_task_assignments'],
    },
    { query: 'who has access to the HR folder', expected: ['get_folders_id_collaborations'] },
    {
      query: "take away the contractor's access to our shared folder",
      expected: ['delete_collaborations_id'],
    },
    { query: 'add Tom to the Engineering group', expected: ['post_group_memberships'] },
    { query: 'set up a Box account for our new hire', expected: ['post_users'] },
    { query: 'throw the duplicate logo file in the trash', expected: ['delete_files_id'] },
    {
      query: 'notify our server whenever someone uploads to the Contracts folder',
      expected: ['post_webhooks'],
    },
    {
      query: 'tag this document with its contract value and renewal date',
      expected: ['post_files_id_metadata_id_id', 'put_files_id_metadata_id_id'],
    },
    { query: "find every document that mentions 'quarterly forecast'", expected: ['get_search'] },
    {
      query: 'stop anyone from moving or deleting the Finance folder',
      expected: ['post_folder_locks'],
    },
  ],
  pagerduty: [
    {
      query: 'who is on call for the database team right now',
      expected: ['listOnCalls', 'listScheduleUsers'],
    },
    {
      query: 'stop paging me about this alert, I am looking at it',
      expected: ['updateIncident', 'updateIncidents', 'createIncidentSnooze'],
    },
    { query: 'mark the checkout outage as fixed', expected: ['updateIncident', 'updateIncidents'] },
    { query: 'raise an incident because the payments API is down', expected: ['createIncident'] },
    { query: 'which incidents are still open', expected: ['listIncidents'] },
    {
      query: 'jot down on the incident that we rolled back the deploy',
      expected: ['createIncidentNote'],
    },
    {
      query: 'pull the networking folks in to help with this incident',
      expected: ['createIncidentResponderRequest'],
    },
    { query: 'combine these three duplicate incidents into one', expected: ['mergeIncidents'] },
    {
      query: "don't alert anyone about the billing service during tonight's deploy",
      expected: ['createMaintenanceWindow'],
    },
    {
      query: "I'll cover Sam's on-call shift on Saturday",
      expected: ['createScheduleOverride', 'createOverrides'],
    },
    {
      query: 'set up a new weekly on-call rotation for the SRE team',
      expected: ['createSchedule', 'createScheduleV3', 'createRotation'],
    },
    {
      query: 'page the engineering manager if nobody responds within 15 minutes on the payments policy',
      expected: ['updateEscalationPolicy'],
    },
    { query: 'add our new microservice so it can receive alerts', expected: ['createService'] },
    { query: 'put Maria on the platform team', expected: ['updateTeamUser'] },
    { query: 'give a new engineer a PagerDuty login', expected: ['createUser'] },
    {
      query: 'text me instead of calling when something breaks',
      expected: ['createUserNotificationRule', 'updateUserNotificationRule'],
    },
    { query: 'get rid of the legacy reporting service', expected: ['deleteService'] },
    {
      query: 'push every incident event to our internal HTTP endpoint',
      expected: ['createWebhookSubscription', 'createExtension'],
    },
    {
      query: 'show me the timeline of what happened on incident 1234',
      expected: ['listIncidentLogEntries'],
    },
    {
      query: 'let stakeholders know the outage is under control',
      expected: ['createIncidentStatusUpdate'],
    },
  ],
  twilio: [
    { query: 'text a customer that their order shipped', expected: ['CreateMessage'] },
    {
      query: 'phone the warehouse manager and play a recorded announcement',
      expected: ['CreateCall'],
    },
    { query: 'hang up the call that is stuck', expected: ['UpdateCall'] },
    {
      query: 'how much did we spend on calls last month',
      expected: ['ListUsageRecordLastMonth', 'ListUsageRecord', 'ListUsageRecordMonthly'],
    },
    {
      query: 'buy a new local number with a Seattle area code',
      expected: ['CreateIncomingPhoneNumberLocal', 'CreateIncomingPhoneNumber'],
    },
    {
      query: 'which toll-free numbers can I get in Canada',
      expected: ['ListAvailablePhoneNumberTollFree'],
    },
    { query: "release the phone number we don't use anymore", expected: ['DeleteIncomingPhoneNumber'] },
    {
      query: 'point our support line at a new webhook URL for incoming calls',
      expected: ['UpdateIncomingPhoneNumber'],
    },
    { query: 'show me the texts we received yesterday', expected: ['ListMessage'] },
    {
      query: "get the audio of yesterday's sales call",
      expected: ['ListCallRecording', 'FetchCallRecording', 'ListRecording', 'FetchRecording'],
    },
    {
      query: 'erase that recorded conversation for privacy reasons',
      expected: ['DeleteRecording', 'DeleteCallRecording'],
    },
    { query: 'start recording this call', expected: ['CreateCallRecording'] },
    { query: 'dial another person into the ongoing conference', expected: ['CreateParticipant'] },
    {
      query: 'how many callers are waiting in the support queue',
      expected: ['FetchQueue', 'ListQueue', 'ListMember'],
    },
    { query: 'how much credit is left on my account', expected: ['FetchBalance'] },
    { query: 'create a separate subaccount for our new client', expected: ['CreateAccount'] },
    {
      query: 'register our business address for regulatory compliance',
      expected: ['CreateAddress'],
    },
    { query: 'warn me when SMS spending goes over $500', expected: ['CreateUsageTrigger'] },
    {
      query: 'read the text of the voicemail transcript',
      expected: [
        'FetchTranscription',
        'ListTranscription',
        'FetchRecordingTranscription',
        'ListRecordingTranscription',
      ],
    },
    { query: 'cancel the reminder text we scheduled for tomorrow', expected: ['UpdateMessage'] },
  ],
};
