// Placeholder from the sandbox's server side (engineer S); the page engineer (P) replaces it.
export {};
