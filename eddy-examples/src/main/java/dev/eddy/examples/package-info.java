/** Runnable examples: the seed click count and one small example per feature. */
package dev.eddy.examples;
