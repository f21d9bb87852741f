/** Session settings: names, defaults, validation. Depends on nothing else in Eddy. */
package dev.eddy.internal.conf;
