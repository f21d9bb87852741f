package dev.eddy;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lines STYLE.md draws: the public API never exposes internals, the core never touches a heavy
 * backend, and the SPI stands on the public API alone.
 */
class ArchitectureTest {
  private static final String[] PUBLIC_API = {"dev.eddy", "dev.eddy.function", "dev.eddy.streaming", "dev.eddy.spi"};
  private static final String INTERNAL = "dev.eddy.internal.";

  private static JavaClasses eddy;

  @BeforeAll
  static void importClasses() {
    eddy = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.eddy");
  }

  private static boolean isInternal(JavaClass c) {
    JavaClass base = c.isArray() ? c.getBaseComponentType() : c;
    return base.getPackageName().startsWith(INTERNAL) || base.getPackageName().equals("dev.eddy.internal");
  }

  /** Types in the signature, including type arguments and bounds (such as {@code List<Internal>}). */
  private static List<JavaClass> signatureTypes(JavaCodeUnit unit) {
    List<JavaClass> types = new ArrayList<>(unit.getReturnType().getAllInvolvedRawTypes());
    unit.getParameterTypes().forEach(p -> types.addAll(p.getAllInvolvedRawTypes()));
    return types;
  }

  private static final ArchCondition<JavaCodeUnit> NOT_EXPOSE_INTERNALS_IN_SIGNATURE =
      new ArchCondition<>("not have a parameter or return type from dev.eddy.internal..") {
        @Override
        public void check(JavaCodeUnit unit, ConditionEvents events) {
          for (JavaClass t : signatureTypes(unit)) {
            if (isInternal(t)) {
              events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " exposes " + t.getName()));
            }
          }
        }
      };

  private static final ArchCondition<JavaField> NOT_HAVE_AN_INTERNAL_TYPE =
      new ArchCondition<>("not have a type from dev.eddy.internal..") {
        @Override
        public void check(JavaField field, ConditionEvents events) {
          for (JavaClass t : field.getType().getAllInvolvedRawTypes()) {
            if (isInternal(t)) {
              events.add(SimpleConditionEvent.violated(field, field.getFullName() + " exposes " + t.getName()));
            }
          }
        }
      };

  @Test
  void publicApiMethodsAndConstructorsDoNotExposeInternals() {
    codeUnits().that().areDeclaredInClassesThat().resideInAnyPackage(PUBLIC_API)
        .and().areDeclaredInClassesThat().arePublic()
        .and().arePublic()
        .should(NOT_EXPOSE_INTERNALS_IN_SIGNATURE)
        .check(eddy);
  }

  @Test
  void publicApiFieldsDoNotExposeInternals() {
    fields().that().areDeclaredInClassesThat().resideInAnyPackage(PUBLIC_API)
        .and().areDeclaredInClassesThat().arePublic()
        .and().haveModifier(JavaModifier.PUBLIC)
        .should(NOT_HAVE_AN_INTERNAL_TYPE)
        .allowEmptyShould(true)
        .check(eddy);
  }

  @Test
  void internalsNeverDependOnRocksDb() {
    noClasses().that().resideInAPackage("dev.eddy.internal..")
        .should().dependOnClassesThat().resideInAPackage("org.rocksdb..")
        .check(eddy);
  }

  @Test
  void spiDependsOnlyOnJavaAndThePublicApi() {
    classes().that().resideInAPackage("dev.eddy.spi")
        .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "dev.eddy", "dev.eddy.streaming", "dev.eddy.spi")
        .check(eddy);
  }
}
