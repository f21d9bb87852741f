/**
 * Eddy's machinery, private by contract: nothing here is API, and public signatures never expose
 * these types. Sub-packages: {@code plan}, {@code exec}, {@code state}, {@code checkpoint},
 * {@code source}, {@code sink}, {@code codec}, {@code conf}, {@code time}, {@code json}.
 */
package dev.eddy.internal;
