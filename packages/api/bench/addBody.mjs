/** The add request of the API load test, spread over the KZH-0xx holders (plain products, no plate rules). */
export const addBody = (i) =>
  JSON.stringify({
    productUniqueId: `KZH-0${String(1 + (i % 28)).padStart(2, '0')}`,
    quantity: 1,
    addData: [{ count: 1, info: { Alias: 'bench', Title: 'bench', Attributes: {} } }],
  });
