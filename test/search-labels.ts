/*
 * The labelled set of search_tools (issue 16): natural-language requests over the corpus's Stripe,
 * OpenAI and Discourse documents, each with the operations (tool names as imported) that serve it.
 * Written as a user would ask, not from the operation ids. A hit is any listed name.
 */
export interface LabelledQuery {
  query: string;
  expected: string[];
}

export const LABELLED_DOCUMENTS = {
  stripe: 'stripe-spec3.json',
  openai: 'openai-openapi.yaml',
  discourse: 'discourse-openapi.yml',
} as const;

export const LABELLED_QUERIES: Record<keyof typeof LABELLED_DOCUMENTS, LabelledQuery[]> = {
  stripe: [
    { query: 'create a new customer', expected: ['PostCustomers'] },
    { query: 'list all customers', expected: ['GetCustomers'] },
    { query: 'delete a customer', expected: ['DeleteCustomersCustomer'] },
    { query: 'update a customer email address', expected: ['PostCustomersCustomer'] },
    {
      query: 'refund a charge',
      expected: ['PostRefunds', 'PostChargesChargeRefund', 'PostChargesChargeRefunds'],
    },
    { query: 'create a payment intent', expected: ['PostPaymentIntents'] },
    { query: 'confirm a payment intent', expected: ['PostPaymentIntentsIntentConfirm'] },
    { query: 'cancel a payment intent', expected: ['PostPaymentIntentsIntentCancel'] },
    { query: 'finalize a draft invoice', expected: ['PostInvoicesInvoiceFinalize'] },
    { query: 'send an invoice to the customer', expected: ['PostInvoicesInvoiceSend'] },
    { query: 'void an invoice', expected: ['PostInvoicesInvoiceVoid'] },
    { query: 'create a product', expected: ['PostProducts'] },
    { query: 'create a price for a product', expected: ['PostPrices'] },
    { query: 'create a coupon', expected: ['PostCoupons'] },
    { query: 'retrieve my account balance', expected: ['GetBalance'] },
    { query: 'create a checkout session', expected: ['PostCheckoutSessions'] },
    { query: 'list disputes', expected: ['GetDisputes'] },
    { query: 'create a payout to my bank', expected: ['PostPayouts'] },
    { query: 'attach a payment method to a customer', expected: ['PostPaymentMethodsPaymentMethodAttach'] },
    { query: 'search customers by email', expected: ['GetCustomersSearch', 'GetCustomers'] },
    { query: 'upload a file', expected: ['PostFiles'] },
    { query: 'list events', expected: ['GetEvents'] },
  ],
  openai: [
    { query: 'create a chat completion', expected: ['createChatCompletion'] },
    { query: 'generate an image from a prompt', expected: ['createImage'] },
    { query: 'transcribe audio to text', expected: ['createTranscription'] },
    { query: 'text to speech', expected: ['createSpeech'] },
    { query: 'create embeddings for text', expected: ['createEmbedding'] },
    { query: 'list available models', expected: ['listModels'] },
    { query: 'check text for harmful content moderation', expected: ['createModeration'] },
    { query: 'upload a file', expected: ['createFile', 'createUpload'] },
    { query: 'start a fine-tuning job', expected: ['createFineTuningJob'] },
    { query: 'cancel a fine-tuning job', expected: ['cancelFineTuningJob'] },
    { query: 'create a vector store', expected: ['createVectorStore'] },
    { query: 'search a vector store', expected: ['searchVectorStore'] },
    { query: 'create an assistant', expected: ['createAssistant'] },
    { query: 'create a batch job', expected: ['createBatch'] },
    { query: 'create a model response', expected: ['createResponse'] },
    { query: 'invite a user to the organization', expected: ['inviteUser'] },
  ],
  discourse: [
    { query: 'create a new topic', expected: ['createTopicPostPM'] },
    { query: 'list latest topics', expected: ['listLatestTopics'] },
    { query: 'create a user account', expected: ['createUser'] },
    { query: 'suspend a user', expected: ['suspendUser'] },
    { query: 'list categories', expected: ['listCategories'] },
    { query: 'create a category', expected: ['createCategory'] },
    { query: 'add members to a group', expected: ['addGroupMembers'] },
    { query: 'search posts and topics', expected: ['search'] },
    { query: 'bookmark a topic', expected: ['bookmarkTopic'] },
    { query: 'create a backup', expected: ['createBackup'] },
    { query: 'list tags', expected: ['listTags'] },
    { query: 'change my password', expected: ['changePassword'] },
  ],
};
